//===- warplint_torch.h - What CUDA kernels use of libtorch ------*- C++ -*-===//
//
// Part of warplint: a stand-in for <torch/extension.h> and the ATen/c10
// headers a PyTorch CUDA extension includes (docs/python.md). It declares
// what kernels and their wrappers use (Tensor's sizes, strides and
// data_ptr<T>(), the packed accessors, the AT_DISPATCH_* macros with their
// scalar_t, TORCH_CHECK, the current stream, CUDAGuard, c10::Half), so that
// a load_inline kernel parses in milliseconds instead of the 20-40 s that the
// real headers take. warplint puts this directory last on the include path
// (-idirafter): a real libtorch on the path wins. Declarations only: nothing
// here is run, and nothing is analysed as the user's code.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TORCH_STANDIN_H
#define WARPLINT_TORCH_STANDIN_H

// What libtorch's headers bring in and extension code relies on.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
// c10/util/Half.h brings CUDA's half types into device code.
#if defined(__CUDACC__) && __has_include(<cuda_fp16.h>)
#include <cuda_fp16.h>
#endif
#if defined(__CUDACC__) && __has_include(<cuda_bf16.h>)
#include <cuda_bf16.h>
#endif

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif

#define WARPLINT_TORCH_STANDIN 1
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)                            \
  __launch_bounds__((max_threads_per_block))
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)         \
  __launch_bounds__((max_threads_per_block), (min_blocks_per_sm))
#define C10_WARP_SIZE 32
#define C10_RESTRICT __restrict__
#define C10_UNUSED __attribute__((__unused__))
#define C10_NODISCARD [[nodiscard]]
#define C10_ALWAYS_INLINE inline __attribute__((__always_inline__))
#define C10_API
#define TORCH_API
#define C10_EXPORT
#define TORCH_FN(f) (f)
#define C10_LIKELY(x) __builtin_expect(static_cast<bool>(x), 1)
#define C10_UNLIKELY(x) __builtin_expect(static_cast<bool>(x), 0)
#define TORCH_EXTENSION_NAME warplint_extension

struct CUstream_st;
struct cudaDeviceProp;

namespace c10 {

enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16,
  QUInt4x2, QUInt2x4, Bits1x8, Bits2x4, Bits4x2, Bits8, Bits16, Float8_e5m2,
  Float8_e4m3fn, Float8_e5m2fnuz, Float8_e4m3fnuz, UInt16, UInt32, UInt64,
  Undefined = 100
};
constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char,
                     kShort = ScalarType::Short, kInt = ScalarType::Int,
                     kLong = ScalarType::Long, kHalf = ScalarType::Half,
                     kFloat = ScalarType::Float, kDouble = ScalarType::Double,
                     kBool = ScalarType::Bool, kBFloat16 = ScalarType::BFloat16,
                     kUInt8 = ScalarType::Byte, kInt8 = ScalarType::Char,
                     kInt16 = ScalarType::Short, kInt32 = ScalarType::Int,
                     kInt64 = ScalarType::Long, kFloat16 = ScalarType::Half,
                     kFloat32 = ScalarType::Float, kFloat64 = ScalarType::Double;

/// IEEE half precision as ATen stores it: converts to and from float.
struct alignas(2) Half {
  unsigned short x;
  Half() = default;
  C10_HOST_DEVICE Half(float value);
  C10_HOST_DEVICE operator float() const;
  C10_HOST_DEVICE Half &operator+=(float v) { return *this = float(*this) + v; }
  C10_HOST_DEVICE Half &operator-=(float v) { return *this = float(*this) - v; }
  C10_HOST_DEVICE Half &operator*=(float v) { return *this = float(*this) * v; }
  C10_HOST_DEVICE Half &operator/=(float v) { return *this = float(*this) / v; }
};
/// bfloat16 as ATen stores it: converts to and from float.
struct alignas(2) BFloat16 {
  unsigned short x;
  BFloat16() = default;
  C10_HOST_DEVICE BFloat16(float value);
  C10_HOST_DEVICE operator float() const;
  C10_HOST_DEVICE BFloat16 &operator+=(float v) {
    return *this = float(*this) + v;
  }
  C10_HOST_DEVICE BFloat16 &operator*=(float v) {
    return *this = float(*this) * v;
  }
};
template <typename T> struct alignas(sizeof(T) * 2) complex {
  T real_, imag_;
};
struct qint8 { int8_t val_; };
struct quint8 { uint8_t val_; };
struct qint32 { int32_t val_; };
struct quint4x2 { uint8_t val_; };
struct quint2x4 { uint8_t val_; };

template <ScalarType S> struct ScalarTypeToCPPType;
#define WARPLINT_SCALAR(S, T)                                                  \
  template <> struct ScalarTypeToCPPType<ScalarType::S> { using type = T; };
WARPLINT_SCALAR(Byte, uint8_t)
WARPLINT_SCALAR(Char, int8_t)
WARPLINT_SCALAR(Short, int16_t)
WARPLINT_SCALAR(Int, int32_t)
WARPLINT_SCALAR(Long, int64_t)
WARPLINT_SCALAR(Half, Half)
WARPLINT_SCALAR(Float, float)
WARPLINT_SCALAR(Double, double)
WARPLINT_SCALAR(Bool, bool)
WARPLINT_SCALAR(BFloat16, BFloat16)
WARPLINT_SCALAR(ComplexFloat, complex<float>)
WARPLINT_SCALAR(ComplexDouble, complex<double>)
WARPLINT_SCALAR(QInt8, qint8)
WARPLINT_SCALAR(QUInt8, quint8)
WARPLINT_SCALAR(QInt32, qint32)
WARPLINT_SCALAR(QUInt4x2, quint4x2)
WARPLINT_SCALAR(QUInt2x4, quint2x4)
WARPLINT_SCALAR(UInt16, uint16_t)
WARPLINT_SCALAR(UInt32, uint32_t)
WARPLINT_SCALAR(UInt64, uint64_t)
#undef WARPLINT_SCALAR
template <ScalarType S>
using ScalarTypeToCPPTypeT = typename ScalarTypeToCPPType<S>::type;
namespace impl {
template <ScalarType S>
using ScalarTypeToCPPTypeT = typename ScalarTypeToCPPType<S>::type;
} // namespace impl

enum class DeviceType : int8_t { CPU = 0, CUDA = 1 };
constexpr DeviceType kCPU = DeviceType::CPU, kCUDA = DeviceType::CUDA;
struct Device {
  Device(DeviceType type, int8_t index = -1);
  Device(const std::string &name);
  DeviceType type() const;
  int8_t index() const;
  bool is_cuda() const;
};
enum class Layout : int8_t { Strided };
constexpr Layout kStrided = Layout::Strided;
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast };

/// A list of sizes or strides.
class IntArrayRef {
public:
  IntArrayRef();
  IntArrayRef(std::initializer_list<int64_t> list);
  IntArrayRef(const std::vector<int64_t> &v);
  IntArrayRef(const int64_t &one);
  size_t size() const;
  const int64_t *data() const;
  const int64_t *begin() const;
  const int64_t *end() const;
  int64_t operator[](size_t i) const;
  int64_t front() const;
  int64_t back() const;
  std::vector<int64_t> vec() const;
};
using SymIntArrayRef = IntArrayRef;

struct TensorOptions {
  TensorOptions();
  TensorOptions(ScalarType dtype);
  TensorOptions(DeviceType device);
  TensorOptions(Device device);
  TensorOptions dtype(ScalarType dtype) const;
  TensorOptions device(Device device) const;
  TensorOptions device(DeviceType type, int8_t index = -1) const;
  TensorOptions layout(Layout layout) const;
  TensorOptions requires_grad(bool r = true) const;
  TensorOptions memory_format(MemoryFormat m) const;
  template <typename T> TensorOptions dtype() const;
};
struct TypeMeta {
  template <typename T> bool Match() const;
  size_t itemsize() const;
  ScalarType toScalarType() const;
  operator ScalarType() const;
};
/// Tensor::type(), deprecated but common in AT_DISPATCH_* calls.
struct DeprecatedTypeProperties {
  ScalarType scalarType() const;
  operator ScalarType() const;
  bool is_cuda() const;
};
struct Scalar {
  template <typename T> Scalar(T v);
  template <typename T> T to() const;
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
};
template <typename T> struct optional {
  optional();
  optional(T v);
  bool has_value() const;
  explicit operator bool() const;
  T &value();
  T &operator*();
  T *operator->();
  T value_or(T v) const;
};
constexpr struct nullopt_t {
} nullopt{};
using std::string;

const char *toString(ScalarType t);
size_t elementSize(ScalarType t);

namespace cuda {
/// The stream ATen launches on: converts to cudaStream_t.
class CUDAStream {
public:
  operator CUstream_st *() const;
  CUstream_st *stream() const;
  Device device() const;
  int8_t device_index() const;
};
CUDAStream getCurrentCUDAStream(int8_t device_index = -1);
CUDAStream getDefaultCUDAStream(int8_t device_index = -1);
CUDAStream getStreamFromPool(bool high_priority = false,
                             int8_t device_index = -1);
void setCurrentCUDAStream(CUDAStream stream);
struct CUDAGuard {
  explicit CUDAGuard(Device device);
  explicit CUDAGuard(int8_t device_index);
  void set_device(Device device);
};
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(optional<Device> device);
  explicit OptionalCUDAGuard(Device device);
  explicit OptionalCUDAGuard(int8_t device_index);
};
struct CUDAStreamGuard {
  explicit CUDAStreamGuard(CUDAStream stream);
};
int8_t current_device();
} // namespace cuda

namespace detail {
[[noreturn]] void torchCheckFail(const char *func, const char *file,
                                 uint32_t line, const std::string &msg);
template <typename... Args> std::string torchCheckMsg(const Args &...args);
} // namespace detail
template <typename... Args> std::string str(const Args &...args);

} // namespace c10

namespace at {
using namespace c10;

template <typename T> struct DefaultPtrTraits {
  typedef T *PtrType;
};
template <typename T> struct RestrictPtrTraits {
  typedef T *__restrict__ PtrType;
};

/// A view of N dimensions: operator[] drops the first.
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor(PtrType data, const index_t *sizes,
                                 const index_t *strides)
      : data_(data), sizes_(sizes), strides_(strides) {}
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, this->sizes_ + 1,
        this->strides_ + 1);
  }
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, this->sizes_ + 1,
        this->strides_ + 1);
  }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }

protected:
  PtrType data_;
  const index_t *sizes_;
  const index_t *strides_;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor(PtrType data, const index_t *sizes,
                                 const index_t *strides)
      : data_(data), sizes_(sizes), strides_(strides) {}
  C10_HOST_DEVICE T &operator[](index_t i) {
    return this->data_[this->strides_[0] * i];
  }
  C10_HOST_DEVICE const T &operator[](index_t i) const {
    return this->data_[this->strides_[0] * i];
  }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }

protected:
  PtrType data_;
  const index_t *sizes_;
  const index_t *strides_;
};

/// An accessor passed to a kernel by value: sizes and strides travel with it.
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        data_ + strides_[0] * i, sizes_ + 1, strides_ + 1);
  }
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        data_ + strides_[0] * i, sizes_ + 1, strides_ + 1);
  }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }

protected:
  PtrType data_;
  index_t sizes_[N];
  index_t strides_[N];
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE T &operator[](index_t i) { return data_[strides_[0] * i]; }
  C10_HOST_DEVICE const T &operator[](index_t i) const {
    return data_[strides_[0] * i];
  }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }

protected:
  PtrType data_;
  index_t sizes_[1];
  index_t strides_[1];
};
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
using PackedTensorAccessor =
    GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 =
    GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 =
    GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;

class Tensor {
public:
  Tensor();
  int64_t size(int64_t dim) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t dim) const;
  IntArrayRef strides() const;
  int64_t numel() const;
  int64_t dim() const;
  int64_t ndimension() const;
  size_t nbytes() const;
  int64_t element_size() const;
  int64_t storage_offset() const;
  bool defined() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool is_contiguous(MemoryFormat m = MemoryFormat::Contiguous) const;
  bool requires_grad() const;
  ScalarType scalar_type() const;
  DeprecatedTypeProperties type() const;
  TypeMeta dtype() const;
  Device device() const;
  TensorOptions options() const;
  template <typename T> T *data_ptr() const;
  void *data_ptr() const;
  template <typename T> T *mutable_data_ptr() const;
  void *mutable_data_ptr() const;
  template <typename T> const T *const_data_ptr() const;
  const void *const_data_ptr() const;
  template <typename T> T *data() const;
  template <typename T> T item() const;
  Scalar item() const;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  packed_accessor() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const &;
  Tensor contiguous(MemoryFormat m = MemoryFormat::Contiguous) const;
  Tensor clone() const;
  Tensor to(ScalarType t) const;
  Tensor to(Device d) const;
  Tensor to(TensorOptions o) const;
  Tensor cuda() const;
  Tensor cpu() const;
  Tensor view(IntArrayRef sizes) const;
  Tensor reshape(IntArrayRef sizes) const;
  Tensor flatten(int64_t start = 0, int64_t end = -1) const;
  Tensor transpose(int64_t a, int64_t b) const;
  Tensor permute(IntArrayRef dims) const;
  Tensor t() const;
  Tensor squeeze(int64_t dim) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor expand(IntArrayRef sizes) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor slice(int64_t dim = 0, int64_t start = 0, int64_t end = INT64_MAX,
               int64_t step = 1) const;
  Tensor index_select(int64_t dim, const Tensor &index) const;
  Tensor sum() const;
  Tensor sum(int64_t dim, bool keepdim = false) const;
  Tensor mean() const;
  Tensor mean(int64_t dim, bool keepdim = false) const;
  Tensor max() const;
  Tensor min() const;
  Tensor abs() const;
  Tensor exp() const;
  Tensor sqrt() const;
  Tensor relu() const;
  Tensor sigmoid() const;
  Tensor tanh() const;
  Tensor matmul(const Tensor &other) const;
  Tensor mm(const Tensor &other) const;
  Tensor &zero_();
  Tensor &fill_(Scalar v);
  Tensor &copy_(const Tensor &src, bool non_blocking = false);
  Tensor &resize_(IntArrayRef sizes);
  Tensor operator[](int64_t i) const;
  Tensor operator-() const;
  Tensor &operator+=(const Tensor &o);
  Tensor &operator+=(Scalar o);
  Tensor &operator-=(const Tensor &o);
  Tensor &operator*=(const Tensor &o);
  Tensor &operator*=(Scalar o);
  Tensor &operator/=(const Tensor &o);
  Tensor &operator/=(Scalar o);
};
Tensor operator+(const Tensor &a, const Tensor &b);
Tensor operator-(const Tensor &a, const Tensor &b);
Tensor operator*(const Tensor &a, const Tensor &b);
Tensor operator/(const Tensor &a, const Tensor &b);
Tensor operator+(const Tensor &a, Scalar b);
Tensor operator-(const Tensor &a, Scalar b);
Tensor operator*(const Tensor &a, Scalar b);
Tensor operator/(const Tensor &a, Scalar b);
Tensor operator*(Scalar a, const Tensor &b);

Tensor empty(IntArrayRef size, TensorOptions options = {});
Tensor empty_strided(IntArrayRef size, IntArrayRef stride,
                     TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor full(IntArrayRef size, Scalar value, TensorOptions options = {});
Tensor arange(Scalar end, TensorOptions options = {});
Tensor empty_like(const Tensor &t, TensorOptions options = {});
Tensor zeros_like(const Tensor &t, TensorOptions options = {});
Tensor ones_like(const Tensor &t, TensorOptions options = {});
Tensor full_like(const Tensor &t, Scalar value, TensorOptions options = {});
Tensor matmul(const Tensor &a, const Tensor &b);
Tensor transpose(const Tensor &t, int64_t a, int64_t b);
Tensor reshape(const Tensor &t, IntArrayRef sizes);
Tensor addmm_out(Tensor &out, const Tensor &c, const Tensor &a,
                 const Tensor &b, Scalar beta = 1, Scalar alpha = 1);
Tensor mm(const Tensor &a, const Tensor &b);
Tensor bmm(const Tensor &a, const Tensor &b);
Tensor addmm(const Tensor &c, const Tensor &a, const Tensor &b,
             Scalar beta = 1, Scalar alpha = 1);
Tensor cat(const std::vector<Tensor> &ts, int64_t dim = 0);
Tensor stack(const std::vector<Tensor> &ts, int64_t dim = 0);
Tensor relu(const Tensor &t);
Tensor sigmoid(const Tensor &t);
Tensor tanh(const Tensor &t);
Tensor exp(const Tensor &t);
Tensor softmax(const Tensor &t, int64_t dim);
Tensor log_softmax(const Tensor &t, int64_t dim);
Tensor gelu(const Tensor &t);
Tensor silu(const Tensor &t);
Tensor clamp(const Tensor &t, optional<Scalar> lo, optional<Scalar> hi = {});
Tensor where(const Tensor &c, const Tensor &a, const Tensor &b);
Tensor pow(const Tensor &t, Scalar e);
Tensor sqrt(const Tensor &t);
Tensor abs(const Tensor &t);
Tensor linear(const Tensor &in, const Tensor &w, const Tensor &b = {});
Tensor layer_norm(const Tensor &in, IntArrayRef shape, const Tensor &w = {},
                  const Tensor &b = {}, double eps = 1e-5, bool cudnn = true);
Tensor group_norm(const Tensor &in, int64_t groups, const Tensor &w = {},
                  const Tensor &b = {}, double eps = 1e-5, bool cudnn = true);
Tensor batch_norm(const Tensor &in, const Tensor &w, const Tensor &b,
                  const Tensor &mean, const Tensor &var, bool training,
                  double momentum, double eps, bool cudnn);
Tensor conv1d(const Tensor &in, const Tensor &w, const Tensor &b = {},
              IntArrayRef stride = 1, IntArrayRef padding = 0,
              IntArrayRef dilation = 1, int64_t groups = 1);
Tensor conv3d(const Tensor &in, const Tensor &w, const Tensor &b = {},
              IntArrayRef stride = 1, IntArrayRef padding = 0,
              IntArrayRef dilation = 1, int64_t groups = 1);
Tensor conv_transpose2d(const Tensor &in, const Tensor &w,
                        const Tensor &b = {}, IntArrayRef stride = 1,
                        IntArrayRef padding = 0, IntArrayRef output_padding = 0,
                        int64_t groups = 1, IntArrayRef dilation = 1);
Tensor conv_transpose3d(const Tensor &in, const Tensor &w,
                        const Tensor &b = {}, IntArrayRef stride = 1,
                        IntArrayRef padding = 0, IntArrayRef output_padding = 0,
                        int64_t groups = 1, IntArrayRef dilation = 1);
Tensor max_pool2d(const Tensor &in, IntArrayRef kernel, IntArrayRef stride = {},
                  IntArrayRef padding = 0, IntArrayRef dilation = 1,
                  bool ceil_mode = false);
Tensor avg_pool2d(const Tensor &in, IntArrayRef kernel, IntArrayRef stride = {},
                  IntArrayRef padding = 0, bool ceil_mode = false,
                  bool count_include_pad = true);
Tensor dropout(const Tensor &in, double p, bool train);
Tensor sum(const Tensor &t, int64_t dim, bool keepdim = false);
Tensor mean(const Tensor &t, int64_t dim, bool keepdim = false);
Tensor conv2d(const Tensor &in, const Tensor &w, const Tensor &b = {},
              IntArrayRef stride = 1, IntArrayRef padding = 0,
              IntArrayRef dilation = 1, int64_t groups = 1);
inline int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

namespace cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::CUDAStream;
using c10::cuda::CUDAStreamGuard;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromPool;
using c10::cuda::OptionalCUDAGuard;
using c10::cuda::setCurrentCUDAStream;
cudaDeviceProp *getCurrentDeviceProperties();
cudaDeviceProp *getDeviceProperties(int64_t device);
} // namespace cuda
Device device_of(const Tensor &t);
namespace detail {
inline ScalarType scalar_type(ScalarType s) { return s; }
inline ScalarType scalar_type(const DeprecatedTypeProperties &t) {
  return t.scalarType();
}
} // namespace detail
struct NoGradGuard {
  NoGradGuard();
};
struct AutoDispatchBelowAutograd {
  AutoDispatchBelowAutograd();
};
} // namespace at

namespace torch {
using namespace at;
namespace indexing {
struct Slice {
  Slice();
  template <typename A, typename B> Slice(A a, B b);
};
} // namespace indexing
} // namespace torch

namespace pybind11 {
struct arg {
  explicit arg(const char *name);
  template <typename T> arg &operator=(T &&value);
};
class module_ {
public:
  template <typename F, typename... Extra>
  module_ &def(const char *name, F &&f, const Extra &...extra);
  module_ def_submodule(const char *name, const char *doc = nullptr);
  const char *doc() const;
  void attr(const char *name);
};
using module = module_;
} // namespace pybind11
namespace py = pybind11;
#define PYBIND11_MODULE(name, variable)                                        \
  static void warplint_pybind11_init_##name(::pybind11::module_ &);            \
  static void warplint_pybind11_init_##name(::pybind11::module_ &variable)
#define TORCH_LIBRARY(ns, m)                                                   \
  static void warplint_torch_library_##ns(::torch::Library &m)
#define TORCH_LIBRARY_IMPL(ns, k, m)                                           \
  static void warplint_torch_library_impl_##ns##_##k(::torch::Library &m)
namespace torch {
struct Library {
  template <typename... A> Library &def(A &&...);
  template <typename... A> Library &impl(A &&...);
};
} // namespace torch

// Checks: warplint reads host code only for launches and sizes; these say
// what they test and do nothing else.
#define TORCH_CHECK(cond, ...)                                                 \
  do {                                                                         \
    if (!(cond))                                                               \
      ::c10::detail::torchCheckFail(__func__, __FILE__, __LINE__, "");         \
  } while (0)
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_CHECK_TYPE(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define TORCH_WARN(...) ((void)0)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define AT_ERROR(...)                                                          \
  ::c10::detail::torchCheckFail(__func__, __FILE__, __LINE__, "")
#define C10_CUDA_CHECK(expr) ((void)(expr))
#define AT_CUDA_CHECK(expr) ((void)(expr))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#define CHECK_CUDA_ERROR(expr) ((void)(expr))

// Dispatch: one case per type, each binding scalar_t, as ATen's
// Dispatch.h does (every case is instantiated, as nvcc instantiates them).
#define AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                  \
  case enum_type: {                                                            \
    using HINT = ::c10::impl::ScalarTypeToCPPTypeT<enum_type>;                 \
    return __VA_ARGS__();                                                      \
  }
#define AT_DISPATCH_CASE(enum_type, ...)                                       \
  AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, scalar_t, __VA_ARGS__)
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...)                                    \
  [&] {                                                                        \
    switch (::at::detail::scalar_type(TYPE)) {                                 \
      __VA_ARGS__                                                              \
    default:                                                                   \
      AT_ERROR(NAME);                                                          \
    }                                                                          \
  }()
#define AT_DISPATCH_CASE_FLOATING_TYPES(...)                                   \
  AT_DISPATCH_CASE(::c10::ScalarType::Double, __VA_ARGS__)                     \
  AT_DISPATCH_CASE(::c10::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_CASE_INTEGRAL_TYPES(...)                                   \
  AT_DISPATCH_CASE(::c10::ScalarType::Byte, __VA_ARGS__)                       \
  AT_DISPATCH_CASE(::c10::ScalarType::Char, __VA_ARGS__)                       \
  AT_DISPATCH_CASE(::c10::ScalarType::Int, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(::c10::ScalarType::Long, __VA_ARGS__)                       \
  AT_DISPATCH_CASE(::c10::ScalarType::Short, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)              \
                         AT_DISPATCH_CASE(::c10::ScalarType::Half,             \
                                          __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)            \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)              \
                         AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, TYPE, NAME,  \
                                        ...)                                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)              \
                         AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)            \
                             AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__))
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...)                    \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE(::c10::ScalarType::Half, __VA_ARGS__)    \
                         AT_DISPATCH_CASE(::c10::ScalarType::BFloat16,         \
                                          __VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                 \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)              \
                         AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)                 \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)              \
                         AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)          \
                             AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__))

#endif // WARPLINT_TORCH_STANDIN_H
