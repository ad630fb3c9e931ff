// tribo: command-line driver (being built; the full driver follows in this change).
#include "tribo/core/petsc_handles.hpp"
#include "tribo/core/version.hpp"

#include <cstdio>

int main(int argc, char **argv) {
  tribo::PetscSession petsc(&argc, &argv);
  std::printf("tribo %s (%s)\n", tribo::version, tribo::git_commit);
  return 0;
}
