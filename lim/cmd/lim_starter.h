#pragma once
// lsadmin limstartup [-f] [host ... | all] (LSF's lsadmin): starts lim on the named hosts,
// the local host when none is named, every server host of the cluster for `all` (after
// LSF's confirmation unless -f). The local lim is started directly; another host's through
// the remote shell LSF_RSH (environment, else lsf.conf; default `rsh`, as in LSF), which
// runs `$LSF_SERVERDIR/lim -d $LSF_ENVDIR --host NAME` there (lim detaches itself after it
// has checked its configuration, so the remote shell returns lim's start-up verdict).

#include <string>
#include <vector>

#include "command.h"
#include "openlim/config.h"
#include "openlim/status.h"
#include "remote_shell.h"

namespace openlim::cmd {

// json: no progress text; {"hosts": [{"host", "ok", "error"}]} on stdout at the end.
int startLims(const std::vector<std::string>& hosts, CmdIo& io, bool force = false,
              bool json = false);

// Pure helpers (unit-tested).
// shellQuote: remote_shell.h.
// The /bin/sh command line that starts lim here: `'LIM' -d 'ENVDIR' --host 'HOST' </dev/null`.
std::string localStartCommand(const std::string& host, const std::string& lim,
                              const std::string& envDir);
// The /bin/sh command line that starts lim on `host` through `rsh` (inserted as written,
// so LSF_RSH="ssh -o 'BatchMode yes'" keeps its own quoting). The remote command is one
// argument, as rsh and ssh hand it to the remote shell.
std::string remoteStartCommand(const std::string& rsh, const std::string& host,
                               const std::string& lim, const std::string& envDir);
// The hosts to start: `names`, or `localHost` when empty, or every server host for `all`;
// names are checked against the cluster (case-insensitive, canonical name returned) when
// `cluster` is given. kNotFound names the first unknown host.
Result<std::vector<std::string>> startTargets(const std::vector<std::string>& names,
                                              const ConfigSnapshot* cluster,
                                              const std::string& localHost);

}  // namespace openlim::cmd
