/* An LSF API program of the kind LSF's guides show: the cluster, its master, every host's
 * type and load (external indices too), a placement with a resource requirement, and a load
 * adjustment. Built with `cc` against the installed lsf/lsf.h and liblsf by test_client.py, whose
 * output it checks against lsload and lsplace, and requests the cluster refuses with the number
 * LSF sets for each. Usage: lsf_example RESREQ | --lock | --unlock */
#include <lsf/lsf.h>
#include <stdio.h>
#include <string.h>

/* The name of the numbers a refusal below may set (test_client.py reads them). */
static const char* lseName(int n) {
  switch (n) {
    case LSE_BAD_HOST:
      return "LSE_BAD_HOST";
    case LSE_UNKWN_RESNAME:
      return "LSE_UNKWN_RESNAME";
    case LSE_UNKWN_RESVALUE:
      return "LSE_UNKWN_RESVALUE";
    case LSE_BAD_EXP:
      return "LSE_BAD_EXP";
    case LSE_NO_HOST:
      return "LSE_NO_HOST";
    default:
      return "other";
  }
}

/* Requests the cluster refuses, each with LSF's number for its case. */
static void refusals(void) {
  int n = 1;
  char* nosuch[] = {"nosuchhost"};
  if (ls_gethostinfo(NULL, &n, nosuch, 1, 0) == NULL)
    printf("refused hostinfo %s\n", lseName(lserrno));
  n = 1;
  if (ls_placeofhosts(NULL, &n, 0, NULL, nosuch, 1) == NULL)
    printf("refused placeofhosts %s\n", lseName(lserrno));
  n = 0;
  if (ls_load("select[nosuchres>1]", &n, 0, NULL) == NULL)
    printf("refused load name %s\n", lseName(lserrno));
  n = 0;
  if (ls_load("select[type==NOSUCHTYPE]", &n, 0, NULL) == NULL)
    printf("refused load value %s\n", lseName(lserrno));
  n = 1;
  if (ls_placereq("select[nosuchres>1]", &n, 0, NULL) == NULL)
    printf("refused place name %s\n", lseName(lserrno));
  n = 1;
  if (ls_placereq("select[type==NOSUCHTYPE]", &n, 0, NULL) == NULL)
    printf("refused place value %s\n", lseName(lserrno));
}

int main(int argc, char** argv) {
  char* resreq = argc > 1 ? argv[1] : NULL;
  if (resreq != NULL && strcmp(resreq, "--lock") == 0) { /* the local host, until unlocked */
    if (ls_lockhost(0) != 0) {
      ls_perror("ls_lockhost");
      return 1;
    }
    return 0;
  }
  if (resreq != NULL && strcmp(resreq, "--unlock") == 0) {
    if (ls_unlockhost() != 0) {
      ls_perror("ls_unlockhost");
      return 1;
    }
    return 0;
  }
  char* cluster = ls_getclustername();
  if (cluster == NULL) {
    ls_perror("ls_getclustername");
    return 1;
  }
  printf("cluster %s\n", cluster);
  char* master = ls_getmastername();
  if (master == NULL) {
    ls_perror("ls_getmastername");
    return 1;
  }
  printf("master %s\n", master);

  /* The load indices' names: ls_info lists them first, built-ins then the site's elims'. */
  struct lsInfo* info = ls_info();
  if (info == NULL) {
    ls_perror("ls_info");
    return 1;
  }
  int numIndx = info->numIndx;

  int numhosts = 0;
  struct hostLoad* load = ls_load(NULL, &numhosts, 0, NULL);
  if (load == NULL) {
    ls_perror("ls_load");
    return 1;
  }
  /* ls_load's buffer is reused by its next call: keep what is needed. */
  char names[64][MAXHOSTNAMELEN];
  int n = numhosts < 64 ? numhosts : 64;
  for (int i = 0; i < n; i++) {
    strcpy(names[i], load[i].hostName);
    printf("load %s %s r1m=%.2f mem=%.0f\n", load[i].hostName,
           LS_ISUNAVAIL(load[i].status) ? "unavail" : (LS_ISOK(load[i].status) ? "ok" : "other"),
           load[i].li[R1M] >= INFINIT_LOAD ? -1.0 : load[i].li[R1M], load[i].li[MEM]);
    for (int k = NBUILTINDEX; k < numIndx; k++) /* external indices follow the built-ins */
      if (load[i].li[k] < INFINIT_LOAD)
        printf("index %s %s %.1f\n", load[i].hostName, info->resTable[k].name, load[i].li[k]);
  }
  for (int i = 0; i < n; i++) {
    char* type = ls_gethosttype(names[i]);
    char* model = ls_gethostmodel(names[i]);
    float* factor = ls_gethostfactor(names[i]);
    if (type == NULL || model == NULL || factor == NULL) {
      ls_perror("ls_gethosttype");
      return 1;
    }
    printf("host %s type=%s model=%s cpuf=%.1f\n", names[i], type, model, *factor);
  }

  int want = 1;
  char** placed = ls_placereq(resreq, &want, EXACT, NULL);
  if (placed == NULL) {
    ls_perror("ls_placereq");
    return 1;
  }
  printf("placed %s\n", placed[0]);

  struct placeInfo adj;
  memset(&adj, 0, sizeof adj);
  strncpy(adj.hostName, placed[0], sizeof adj.hostName - 1);
  adj.numtask = 1;
  if (ls_loadadj(resreq, &adj, 1) != 0) {
    ls_perror("ls_loadadj");
    return 1;
  }
  printf("adjusted %s\n", adj.hostName);

  if (ls_placereq("select[", &want, 0, NULL) == NULL && LSE_ISBAD_RESREQ(lserrno))
    printf("bad resreq: %s\n", ls_sysmsg());
  refusals();
  return 0;
}
