/*===- warplint_nvcc_compat.h - What nvcc declares and clang does not ----===*
 *
 * Part of warplint, pre-included in every CUDA parse. nvcc's crt/math_functions.hpp makes
 * min() and max() on integers and floating point available to host code; clang's CUDA
 * headers declare them for device code only, so host code written for nvcc
 * (`int b = min(n, 256);` before a launch) does not parse with clang. These host overloads
 * have nvcc's signatures; device code keeps clang's.
 *
 *===----------------------------------------------------------------------===*/
#ifndef WARPLINT_NVCC_COMPAT_H
#define WARPLINT_NVCC_COMPAT_H
#if defined(__cplusplus) && defined(__CUDA__) && !defined(WARPLINT_NO_NVCC_COMPAT)
#define __WL_MINMAX(T)                                                         \
  static inline __attribute__((host)) T min(const T a, const T b) {           \
    return a < b ? a : b;                                                      \
  }                                                                            \
  static inline __attribute__((host)) T max(const T a, const T b) {           \
    return a > b ? a : b;                                                      \
  }
__WL_MINMAX(int)
__WL_MINMAX(unsigned int)
__WL_MINMAX(long)
__WL_MINMAX(unsigned long)
__WL_MINMAX(long long)
__WL_MINMAX(unsigned long long)
__WL_MINMAX(float)
__WL_MINMAX(double)
#undef __WL_MINMAX
static inline __attribute__((host)) unsigned int min(const int a, const unsigned int b) {
  return (unsigned int)a < b ? (unsigned int)a : b;
}
static inline __attribute__((host)) unsigned int min(const unsigned int a, const int b) {
  return a < (unsigned int)b ? a : (unsigned int)b;
}
static inline __attribute__((host)) unsigned int max(const int a, const unsigned int b) {
  return (unsigned int)a > b ? (unsigned int)a : b;
}
static inline __attribute__((host)) unsigned int max(const unsigned int a, const int b) {
  return a > (unsigned int)b ? a : (unsigned int)b;
}
static inline __attribute__((host)) double min(const float a, const double b) {
  return a < b ? a : b;
}
static inline __attribute__((host)) double min(const double a, const float b) {
  return a < b ? a : b;
}
static inline __attribute__((host)) double max(const float a, const double b) {
  return a > b ? a : b;
}
static inline __attribute__((host)) double max(const double a, const float b) {
  return a > b ? a : b;
}
#endif
#endif /* WARPLINT_NVCC_COMPAT_H */
