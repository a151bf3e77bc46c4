# The checks of the registry: warplint_checks_from_registry(<Checks.def> <out-var>) sets
# <out-var> to the class of every WARPLINT_CHECK row, in registry order. Used by
# checks/CMakeLists.txt; in script mode (cmake -DCHECKS_DEF=<file> -P <this file>) it prints
# one class a line, which test/tool/add-new-check.test reads.
function(warplint_checks_from_registry DEF OUT)
  file(READ ${DEF} TEXT)
  # A row starts a line: WARPLINT_CHECK("warplint-...", Class, ... (the comment that
  # documents the columns starts with "//" and does not match).
  set(WS "[ \t\r\n]*")
  string(REGEX MATCHALL "\nWARPLINT_CHECK\\(${WS}\"[^\"]*\"${WS},${WS}[A-Za-z_][A-Za-z0-9_]*"
         ROWS "${TEXT}")
  set(CLASSES)
  foreach(ROW ${ROWS})
    string(REGEX REPLACE ".*,${WS}([A-Za-z0-9_]+)$" "\\1" CLASS "${ROW}")
    list(APPEND CLASSES ${CLASS})
  endforeach()
  if(NOT CLASSES)
    message(FATAL_ERROR "no WARPLINT_CHECK rows in ${DEF}")
  endif()
  set(${OUT} ${CLASSES} PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND CHECKS_DEF)
  warplint_checks_from_registry(${CHECKS_DEF} CLASSES)
  foreach(C ${CLASSES})
    message(STATUS "${C}")
  endforeach()
endif()
