// RUN: %warplint_dump %s -- %cuda_args | FileCheck %s
// Fields of one array element read one by one, each as wide as the element's alignment allows:
// nvcc issues one load per field, each a request at the element's stride (an H200 counts 8x the
// ideal sectors per request for each field of a 32-byte element), so every field is an access
// of its own. Their L2 traffic is priced together (the later loads hit in L1); only fields that
// the alignment lets nvcc combine (a uchar4's bytes: test/dump/field-merges.cu) are one access.

struct Date { int day, month, year, serial; };
struct Bond { Date start, maturity; };

__global__ void each_field(const Bond *b, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int s = b[i].start.serial;
  int m = b[i].maturity.serial;
  out[i] = s + m;
}

struct P4 { float x, y, z, w; };

__global__ void all_fields(const P4 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = p[i].x;
  float y = p[i].y;
  float z = p[i].z;
  float w = p[i].w;
  out[i] = x + y + z + w;
}

void launch(const Bond *b, int *o, const P4 *p, float *f) {
  each_field<<<64, 256>>>(b, o);
  all_fields<<<64, 256>>>(p, f);
}

// CHECK: struct-field-loads.cu:13:11: each_field: global ld 4B, blockDim 256 (launch): 32.000 sectors/request (ideal 4.000)
// CHECK: struct-field-loads.cu:14:11: each_field: global ld 4B, blockDim 256 (launch): 32.000 sectors/request (ideal 4.000)
// CHECK: struct-field-loads.cu:22:13: all_fields: global ld 4B, blockDim 256 (launch): 16.000 sectors/request (ideal 4.000)
// CHECK: struct-field-loads.cu:23:13: all_fields: global ld 4B, blockDim 256 (launch): 16.000 sectors/request (ideal 4.000)
// CHECK: struct-field-loads.cu:24:13: all_fields: global ld 4B, blockDim 256 (launch): 16.000 sectors/request (ideal 4.000)
// CHECK: struct-field-loads.cu:25:13: all_fields: global ld 4B, blockDim 256 (launch): 16.000 sectors/request (ideal 4.000)
