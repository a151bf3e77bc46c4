#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

template <typename scalar_t>
__global__ void scale_kernel(const scalar_t *__restrict__ in,
                             scalar_t *__restrict__ out, float s, int64_t n) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = static_cast<scalar_t>(static_cast<float>(in[i]) * s);
}

__global__ void column_sum(const float *m, float *out, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int c = 0; c < cols; ++c) acc += m[r * cols + c];
  if (r < rows) out[r] = acc;
}

__global__ void rows_kernel(
    torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x,
    torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> y) {
  const int row = blockIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col < x.size(1))
    y[row][col] = x[row][col] * 2.0f;
}

torch::Tensor scale(torch::Tensor x, double s) {
  TORCH_CHECK(x.is_cuda(), "x must be CUDA");
  TORCH_CHECK(x.dim() == 2, "x must be 2-D, got ", x.dim());
  const at::cuda::OptionalCUDAGuard guard(device_of(x));
  auto out = torch::empty_like(x);
  auto sums = torch::zeros({x.size(0)}, x.options().dtype(torch::kFloat32));
  const int64_t n = x.numel();
  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "scale", ([&] {
    scale_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
        x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), (float)s, n);
  }));
  column_sum<<<(x.size(0) + 255) / 256, 256, 0, stream>>>(
      x.data_ptr<float>(), sums.data_ptr<float>(), x.size(0), x.size(1));
  dim3 grid((x.size(1) + 255) / 256, x.size(0));
  rows_kernel<<<grid, 256, 0, stream>>>(
      x.packed_accessor32<float, 2, torch::RestrictPtrTraits>(),
      out.packed_accessor32<float, 2, torch::RestrictPtrTraits>());
  at::Half h = 1.0f;
  h += 2.0f;
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale, "scale (CUDA)", py::arg("x"), py::arg("s") = 1.0);
}
