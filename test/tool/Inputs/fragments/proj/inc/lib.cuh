// Found through an -I directory of the compile database's command.
__global__ void lib_k(LIBT *a) { a[threadIdx.x * 8] = 0; }
