#include <lib.cuh>
void use(float *a) { lib_k<<<1, 256>>>(a); }
