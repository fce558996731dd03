/* elim.c - an elim in C: reports scratch, the free space in MB of a shared scratch file
 * system (ELIM_SCRATCH_DIR, default /scratch, else /tmp), from statvfs(2).
 *
 *   lsf.shared:         scratch  Numeric  30  N  N  (Free space on shared scratch in MB)
 *   lsf.cluster.<name>: scratch  ([hostA hostB] [hostC])
 *
 * The rules of docs/melim.md in C: the checking header (exit ELIM_ABORT_VALUE when scratch is
 * not expected here), unbuffered stdout, every write checked (exit when melim is gone), a
 * line on change and at least once per INTERVAL. Build: cc -O2 -o elim.scratch elim.c
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#define RESOURCE "scratch"
#define INTERVAL 30

static int expected(const char* name) {
  const char* list = getenv("LSF_RESOURCES");
  size_t n = strlen(name);
  if (!list) return 0;
  for (const char* p = list; (p = strstr(p, name)) != NULL; p += n) {
    int startOk = p == list || p[-1] == ' ';
    int endOk = p[n] == '\0' || p[n] == ' ';
    if (startOk && endOk) return 1;
  }
  return 0;
}

static int envInt(const char* key, int dflt) {
  const char* v = getenv(key);
  char* end = NULL;
  long x;
  if (!v || !*v) return dflt;
  x = strtol(v, &end, 10);
  return (*end == '\0' && x > 0 && x < 1000000) ? (int)x : dflt;
}

/* Free MB in dir, or -1 when statvfs fails. */
static long freeMb(const char* dir) {
  struct statvfs s;
  if (statvfs(dir, &s) != 0) return -1;
  return (long)((unsigned long long)s.f_bavail * s.f_frsize / (1024 * 1024));
}

/* One whole line in one write; 0 on success. */
static int report(long mb) {
  char line[64];
  int n = mb < 0 ? snprintf(line, sizeof line, "1 %s -\n", RESOURCE)
                 : snprintf(line, sizeof line, "1 %s %ld\n", RESOURCE, mb);
  if (n <= 0 || (size_t)n >= sizeof line) return -1;
  return fwrite(line, 1, (size_t)n, stdout) == (size_t)n ? 0 : -1;
}

int main(void) {
  const char* dir = getenv("ELIM_SCRATCH_DIR");
  int abortValue = envInt("ELIM_ABORT_VALUE", 97);
  int interval = envInt("ELIM_INTERVAL", INTERVAL);
  int sample = envInt("ELIM_SAMPLE", interval);
  long last = -2;
  int since = 0;

  if (!expected(RESOURCE)) return abortValue;
  if (!dir) dir = access("/scratch", F_OK) == 0 ? "/scratch" : "/tmp";
  setbuf(stdout, NULL);     /* melim must see each line as soon as it is written */
  signal(SIGPIPE, SIG_IGN); /* a closed pipe shows as EPIPE from the write: exit cleanly */
  for (;;) {
    long mb = freeMb(dir);
    if (mb != last || since >= interval) {
      if (report(mb) != 0) return 1;
      last = mb;
      since = 0;
    }
    sleep((unsigned)sample);
    since += sample;
  }
}
