// A slow file: constant evaluation keeps the parser busy for seconds.
constexpr long spin(long n) { long s = 0; for (long i = 0; i < n; ++i) s += i % 7; return s; }
static_assert(spin(600000) > 0, "slow");
__global__ void slow2(float *o) { o[threadIdx.x] = sqrt((double)o[threadIdx.x]); }
