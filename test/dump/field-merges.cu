// RUN: %warplint_dump %s -- %cuda_args | FileCheck %s
// Adjacent fields of one element accessed with the same role are merged into the widest
// pieces their offset and the element's alignment allow, as nvcc 13 does (.x .y of a
// uchar4: one st.global.v2.u8; .x .y .z: st.v2.u8 + st.u8; .y .z at an odd offset: two
// byte stores).

__global__ void xy(uchar4 *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i].x = 1;
  d[i].y = 2;
}

__global__ void xyz(uchar4 *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i].x = 1;
  d[i].y = 2;
  d[i].z = 3;
}

__global__ void yz(uchar4 *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i].y = 2;
  d[i].z = 3;
}

void launch(uchar4 *d) {
  xy<<<64, 256>>>(d);
  xyz<<<64, 256>>>(d);
  yz<<<64, 256>>>(d);
}

// CHECK: field-merges.cu:9:3: xy: global st 2B, blockDim 256 (launch): 4.000 sectors/request (ideal 2.000)
// CHECK: note: 2 adjacent fields of this element are accessed together; the compiler merges them into one 2-byte access
// CHECK-NOT: field-merges.cu:10:3
// CHECK: field-merges.cu:15:3: xyz: global st 2B, blockDim 256 (launch): 4.000 sectors/request (ideal 2.000)
// CHECK-NOT: field-merges.cu:16:3
// CHECK: field-merges.cu:17:3: xyz: global st 1B, blockDim 256 (launch): 4.000 sectors/request (ideal 1.000)
// CHECK: field-merges.cu:22:3: yz: global st 1B, blockDim 256 (launch): 4.000 sectors/request (ideal 1.000)
// CHECK: field-merges.cu:23:3: yz: global st 1B, blockDim 256 (launch): 4.000 sectors/request (ideal 1.000)
