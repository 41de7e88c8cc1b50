/*
 * Client.exe and client-mcp.exe: each runs one entry of the app folder on the Node runtime installed beside it,
 *   "<its folder>\node.exe" "<its folder>\app\<ENTRY>" <its own arguments>
 * with its standard handles, and exits with the runtime's exit code. Compiled by scripts/package-windows.mjs with
 * Debian's MinGW-w64 (ENTRY set with -D); a console program for client-mcp.exe, which agents run over pipes, and a
 * window-less one for Client.exe, which the Start menu starts (it still prints to the console it was run from).
 * The runtime is put in a job object that ends it when the launcher ends, so stopping the launcher stops it.
 */
#include <windows.h>

#ifndef ENTRY
#error "ENTRY must name the app folder's entry, e.g. -DENTRY=L\"cli.mjs\""
#endif

#define MAX_COMMAND 32768

/* The command line after the program's own name, as Windows handed it over (quoted as the caller quoted it). */
static const wchar_t *arguments_after_program(const wchar_t *line) {
  if (*line == L'"') {
    line++;
    while (*line && *line != L'"') line++;
    if (*line) line++;
  } else {
    while (*line && *line != L' ' && *line != L'\t') line++;
  }
  while (*line == L' ' || *line == L'\t') line++;
  return line;
}

static int append(wchar_t *to, size_t *used, const wchar_t *text) {
  size_t length = lstrlenW(text);
  if (*used + length + 1 > MAX_COMMAND) return 0;
  CopyMemory(to + *used, text, length * sizeof(wchar_t));
  *used += length;
  to[*used] = 0;
  return 1;
}

/* Whether the handle is one (a pipe, a file, a console) the runtime can be given. */
static int usable(HANDLE handle) {
  return handle != NULL && handle != INVALID_HANDLE_VALUE;
}

static void fail(const char *what) {
  char message[256];
  wsprintfA(message, "Client: %s (Windows error %lu). Reinstall Client.\r\n", what, GetLastError());
  HANDLE err = GetStdHandle(STD_ERROR_HANDLE);
  DWORD written;
  /* WriteFile writes to a console and to a pipe alike. */
  if (usable(err)) WriteFile(err, message, lstrlenA(message), &written, NULL);
  ExitProcess(127);
}

/*
 * The launcher's standard handles go to the runtime when it has any (an agent's pipes, a redirection); without
 * any (Client.exe attached to a terminal's console) the runtime opens that console's own, as a console program does.
 */
static void pass_standard_handles(STARTUPINFOW *startup) {
  HANDLE input = GetStdHandle(STD_INPUT_HANDLE);
  HANDLE output = GetStdHandle(STD_OUTPUT_HANDLE);
  HANDLE error = GetStdHandle(STD_ERROR_HANDLE);
  if (!usable(input) && !usable(output) && !usable(error)) return;
  HANDLE handles[3] = {input, output, error};
  for (int i = 0; i < 3; i++) {
    if (usable(handles[i])) SetHandleInformation(handles[i], HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
  }
  startup->dwFlags |= STARTF_USESTDHANDLES;
  startup->hStdInput = input;
  startup->hStdOutput = output;
  startup->hStdError = error;
}

static int run(void) {
  static wchar_t folder[MAX_COMMAND];
  static wchar_t command[MAX_COMMAND];
  DWORD length = GetModuleFileNameW(NULL, folder, MAX_COMMAND);
  if (length == 0 || length >= MAX_COMMAND) fail("cannot find its own folder");
  while (length > 0 && folder[length - 1] != L'\\') length--;
  folder[length] = 0;

  size_t used = 0;
  const wchar_t *rest = arguments_after_program(GetCommandLineW());
  if (!append(command, &used, L"\"") || !append(command, &used, folder) || !append(command, &used, L"node.exe\" \"") ||
      !append(command, &used, folder) || !append(command, &used, L"app\\" ENTRY L"\"") ||
      (*rest && (!append(command, &used, L" ") || !append(command, &used, rest)))) {
    fail("the command line is too long");
  }

  STARTUPINFOW startup;
  ZeroMemory(&startup, sizeof startup);
  startup.cb = sizeof startup;
  pass_standard_handles(&startup);

  HANDLE job = CreateJobObjectW(NULL, NULL);
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits;
  ZeroMemory(&limits, sizeof limits);
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (job != NULL) SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits);

  /* Without a console of its own (started from the Start menu) the runtime gets none either: no empty window. */
  DWORD flags = CREATE_SUSPENDED | CREATE_UNICODE_ENVIRONMENT | (GetConsoleWindow() == NULL ? CREATE_NO_WINDOW : 0);
  PROCESS_INFORMATION process;
  if (!CreateProcessW(NULL, command, NULL, NULL, TRUE, flags, NULL, NULL, &startup, &process)) {
    fail("cannot start node.exe beside it");
  }
  if (job != NULL) AssignProcessToJobObject(job, process.hProcess);
  ResumeThread(process.hThread);
  CloseHandle(process.hThread);
  /* Ctrl+C reaches the runtime too, which decides how to stop; the launcher waits for it. */
  SetConsoleCtrlHandler(NULL, TRUE);
  WaitForSingleObject(process.hProcess, INFINITE);
  DWORD code = 1;
  GetExitCodeProcess(process.hProcess, &code);
  return (int)code;
}

#ifdef WINDOWLESS
int WINAPI wWinMain(HINSTANCE instance, HINSTANCE previous, PWSTR line, int show) {
  (void)instance;
  (void)previous;
  (void)line;
  (void)show;
  /* Run from a terminal, it prints there. */
  AttachConsole(ATTACH_PARENT_PROCESS);
  ExitProcess(run());
}
#else
int wmain(void) {
  ExitProcess(run());
}
#endif
