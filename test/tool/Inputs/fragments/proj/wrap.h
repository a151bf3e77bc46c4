#include "tiles.cuh"
