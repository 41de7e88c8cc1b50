/*
 * A stand-in for node.exe in the Windows launcher's test (e2e/release-packages.test.ts): prints the command line it
 * was started with, then what it reads from standard input, says "stderr" on standard error, and exits with 7.
 */
#include <stdio.h>
#include <windows.h>

int wmain(void) {
  char line[256];
  printf("%ls\n", GetCommandLineW());
  if (fgets(line, sizeof line, stdin) != NULL) printf("read %s", line);
  fprintf(stderr, "stderr\n");
  return 7;
}
