# The libraries tribo links, found the same way by its own build and by find_package(tribo) in a
# downstream project (installed beside tribo-config.cmake). Every one is a Debian 12 package
# (scripts/install-deps.sh); elsewhere point CMAKE_PREFIX_PATH / PKG_CONFIG_PATH at them.
# tribo links MPI's C and C++ interfaces; a C++-only downstream project gets C enabled for FindMPI.
get_property(_tribo_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if(NOT "C" IN_LIST _tribo_languages)
  enable_language(C)
endif()
find_package(MPI REQUIRED COMPONENTS C CXX)
find_package(PkgConfig REQUIRED)
# Debian installs PETSc.pc under /usr/lib/petsc; let pkg-config see it without user set-up. Elsewhere
# PETSc's own $PETSC_DIR/$PETSC_ARCH/lib/pkgconfig is taken when those are set.
if(EXISTS /usr/lib/petsc/lib/pkgconfig)
  set(ENV{PKG_CONFIG_PATH} "/usr/lib/petsc/lib/pkgconfig:$ENV{PKG_CONFIG_PATH}")
endif()
if(DEFINED ENV{PETSC_DIR} AND EXISTS "$ENV{PETSC_DIR}/$ENV{PETSC_ARCH}/lib/pkgconfig")
  set(ENV{PKG_CONFIG_PATH} "$ENV{PETSC_DIR}/$ENV{PETSC_ARCH}/lib/pkgconfig:$ENV{PKG_CONFIG_PATH}")
endif()
pkg_check_modules(PETSC REQUIRED IMPORTED_TARGET PETSc)

# HDF5 must be the parallel (MPI) build, the one PETSc links: Debian's pkg-config name hdf5-openmpi
# first, else CMake's FindHDF5 (h5pcc, HDF5_ROOT, module systems), refused if it is serial.
if(NOT TARGET tribo::hdf5)
  add_library(tribo::hdf5 INTERFACE IMPORTED)
  option(TRIBO_HDF5_PKGCONFIG "Look for HDF5 with pkg-config (hdf5-openmpi) before FindHDF5" ON)
  if(TRIBO_HDF5_PKGCONFIG)
    pkg_check_modules(TRIBO_HDF5 QUIET IMPORTED_TARGET hdf5-openmpi)
  endif()
  if(TRIBO_HDF5_FOUND)
    target_link_libraries(tribo::hdf5 INTERFACE PkgConfig::TRIBO_HDF5)
    set(TRIBO_HDF5_HOW "pkg-config hdf5-openmpi ${TRIBO_HDF5_VERSION}")
  else()
    set(HDF5_PREFER_PARALLEL TRUE)
    find_package(HDF5 REQUIRED COMPONENTS C)
    if(NOT HDF5_IS_PARALLEL)
      message(FATAL_ERROR "tribo needs a parallel (MPI) HDF5, but the HDF5 found (${HDF5_C_INCLUDE_DIRS}) is "
                          "serial: install the MPI build (Debian: libhdf5-openmpi-dev) or set HDF5_ROOT to it")
    endif()
    target_include_directories(tribo::hdf5 INTERFACE ${HDF5_C_INCLUDE_DIRS})
    target_compile_definitions(tribo::hdf5 INTERFACE ${HDF5_C_DEFINITIONS})
    target_link_libraries(tribo::hdf5 INTERFACE ${HDF5_C_LIBRARIES})
    set(TRIBO_HDF5_HOW "FindHDF5 ${HDF5_VERSION} (parallel)")
  endif()
endif()

find_package(yaml-cpp REQUIRED)
find_package(fmt REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
# The BLAS/LAPACK PETSc is built on, called directly by the condensed surface solver (petscblaslapack.h).
find_package(LAPACK REQUIRED)
