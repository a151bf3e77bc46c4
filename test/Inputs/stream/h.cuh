// Included by b-fast.cu and c-fast.cu: its finding is merged across them and
// printed once, at the end.
__global__ void inheader(float *o) { o[threadIdx.x] = sqrt((double)o[threadIdx.x]); }
