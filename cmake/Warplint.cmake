# Warplint.cmake: run warplint next to nvcc in a CMake build (CMake has no
# CMAKE_CUDA_CLANG_TIDY). docs/integrations.md, "CMake".
#
#   find_package(warplint 0.2 REQUIRED)       # or include(<warplint source>/cmake/Warplint.cmake)
#   add_library(kernels kernels.cu)
#   warplint_enable(TARGET kernels [ARGS --arch=sm_80 --min-priority=medium ...]
#                   [FAIL_ON_FINDINGS])
#
# warplint_enable makes warplint-cuda-launcher the target's CUDA compiler launcher
# (CUDA_COMPILER_LAUNCHER, in front of any launcher already set, e.g. ccache): before each .cu
# of the target compiles, warplint analyses it with the exact compile command (nvcc's flags
# translated as from compile_commands.json), prints its findings, and the real compiler runs.
# The build fails on findings (or on warplint failing) only with FAIL_ON_FINDINGS.
# WARPLINT_EXECUTABLE names the warplint binary (default: the one installed with this file,
# else warplint on PATH).
include_guard(GLOBAL)

set(WARPLINT_CUDA_LAUNCHER "${CMAKE_CURRENT_LIST_DIR}/warplint-cuda-launcher"
    CACHE INTERNAL "warplint's CUDA compiler launcher")
find_program(WARPLINT_EXECUTABLE warplint
  HINTS "${CMAKE_CURRENT_LIST_DIR}/../../../bin" "${CMAKE_CURRENT_LIST_DIR}/../build/bin"
  DOC "The warplint binary warplint_enable() runs")

function(warplint_enable)
  cmake_parse_arguments(PARSE_ARGV 0 WL "FAIL_ON_FINDINGS" "TARGET" "ARGS")
  if(WL_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "warplint_enable: unknown arguments: ${WL_UNPARSED_ARGUMENTS} "
                        "(usage: warplint_enable(TARGET <target> [ARGS ...] [FAIL_ON_FINDINGS]))")
  endif()
  if(NOT WL_TARGET OR NOT TARGET "${WL_TARGET}")
    message(FATAL_ERROR "warplint_enable: '${WL_TARGET}' is not a target "
                        "(usage: warplint_enable(TARGET <target> [ARGS ...] [FAIL_ON_FINDINGS]))")
  endif()
  if(NOT WARPLINT_EXECUTABLE)
    message(FATAL_ERROR "warplint_enable: warplint not found; set WARPLINT_EXECUTABLE")
  endif()
  set(CMD "${WARPLINT_CUDA_LAUNCHER}" "--warplint=${WARPLINT_EXECUTABLE}")
  if(WL_FAIL_ON_FINDINGS)
    list(APPEND CMD --fail-on-findings)
  endif()
  foreach(A IN LISTS WL_ARGS)
    list(APPEND CMD "--arg=${A}")
  endforeach()
  list(APPEND CMD --)
  get_target_property(OLD "${WL_TARGET}" CUDA_COMPILER_LAUNCHER)
  if(NOT OLD AND CMAKE_CUDA_COMPILER_LAUNCHER)
    set(OLD ${CMAKE_CUDA_COMPILER_LAUNCHER})
  endif()
  if(OLD)
    list(APPEND CMD ${OLD})
  endif()
  set_property(TARGET "${WL_TARGET}" PROPERTY CUDA_COMPILER_LAUNCHER "${CMD}")
endfunction()
