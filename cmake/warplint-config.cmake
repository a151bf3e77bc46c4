# find_package(warplint): the CMake helper warplint_enable() (Warplint.cmake, next to this file).
include("${CMAKE_CURRENT_LIST_DIR}/Warplint.cmake")
