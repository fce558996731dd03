#include "client.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include "config/lsf_conf.h"
#include "config/lsf_params.h"
#include "config/validate.h"
#include "format/json.h"
#include "format/subcode.h"
#include "key_file.h"
#include "read_file.h"
#include "reserve/paths.h"
#include "util/strict_number.h"

namespace openlim::shell {
namespace {

std::string lowerCase(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> words(std::string_view s) {
  return config::tokenizeWords(s);
}

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Case-insensitive: does `line` contain `want` (already lower case)?
bool containsNoCase(std::string_view line, std::string_view want) {
  if (want.size() > line.size()) return false;
  for (size_t i = 0; i + want.size() <= line.size(); ++i) {
    size_t k = 0;
    while (k < want.size() && lower(line[i + k]) == want[k]) ++k;
    if (k == want.size()) return true;
  }
  return false;
}

std::string systemHostName() {
  char buf[256] = {0};
  if (gethostname(buf, sizeof buf - 1) != 0) return "localhost";
  return buf;
}

std::string getenvOr(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v ? v : fallback;
}

// What a lim's reply says about asking another lim: a non-master answers {"ok":false,
// "redirect":"<master>"}, one that knows no master code "unavailable" with subcode
// "masterunknown" (an older lim sends no subcode). Both are small, so a
// larger reply is an answer and is not parsed here; nor is one that is not JSON (the caller
// reports it). Read from the parsed reply's members, never from its text.
struct AskElsewhere {
  std::string redirect;  // the master to ask instead
  bool unavailable = false;
  Subcode subcode = Subcode::kNone;  // why it is unavailable, as the lim coded it
  std::string error;                 // the unavailable lim's words
};
AskElsewhere askElsewhere(const std::string& reply) {
  if (reply.size() > 4096) return {};
  auto obj = format::parseJson(reply);
  if (!obj || !obj->isObject()) return {};
  if (obj->stringOr("code") == "unavailable")
    return {"", true, format::subcodeFromName(obj->stringOr("subcode")), obj->stringOr("error")};
  return {obj->stringOr("redirect"), false, Subcode::kNone, ""};
}

// LSF_SERVER_HOSTS in order, then the local host unless LSF_SERVER_HOSTS alone may answer.
std::vector<std::string> limsToAsk(const ClientConfig& c) {
  std::vector<std::string> hosts = c.serverHosts;
  if (!c.serversOnly && std::find(hosts.begin(), hosts.end(), c.localHost) == hosts.end())
    hosts.push_back(c.localHost);
  return hosts;
}

}  // namespace

std::optional<HostEntry> findHostEntry(std::string_view hostsText, const std::string& nameOrAlias) {
  if (nameOrAlias.empty()) return std::nullopt;
  std::string want = lowerCase(nameOrAlias);
  std::string_view text = hostsText;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view view = text.substr(pos, end - pos);
    pos = end + 1;
    // Cheap filter before splitting, without copying: the name must occur in the line.
    if (!containsNoCase(view, want)) continue;
    std::string line(view);
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    auto w = words(line);
    for (size_t i = 1; i < w.size(); ++i)
      if (lowerCase(w[i]) == want) return HostEntry{w[0], w[1]};
  }
  return std::nullopt;
}

std::string localHostName(const std::string& envHost, const std::string& systemName,
                          const ClientConfig& c, const std::string& stripDomain) {
  if (!envHost.empty()) return envHost;
  std::string shortName = systemName.substr(0, systemName.find('.'));
  for (const auto& n : {systemName, shortName})
    if (auto e = findHostEntry(c.hostsText, n)) return e->name;
  if (!stripDomain.empty()) {
    for (const auto& suffix : words(stripDomain)) {  // LSF lists them colon- or blank-separated
      std::string s = suffix[0] == '.' ? suffix : "." + suffix;
      if (systemName.size() > s.size() &&
          lowerCase(systemName.substr(systemName.size() - s.size())) == lowerCase(s))
        return systemName.substr(0, systemName.size() - s.size());
    }
  }
  return shortName;
}

Result<ClientConfig> clientConfigFromEnvironment() {
  std::string envDir = getenvOr("LSF_ENVDIR", "/etc");
  std::string path = config::joinPath(envDir, "lsf.conf");
  auto text = readFile(path);
  if (!text) return text.status();
  std::vector<Diagnostic> diags;
  config::DiagSink sink(path, &diags);
  auto env = [](const std::string& k) -> std::optional<std::string> {
    const char* v = std::getenv(k.c_str());
    return v ? std::optional<std::string>(v) : std::nullopt;
  };
  std::map<std::string, int> emptied;
  auto conf = config::parseLsfConf(*text, env, sink, &emptied);
  config::resolveConfPaths(conf, envDir);
  // The same typed reading as lim's: a port or timeout lim would refuse is refused here too,
  // rather than the command quietly asking another port.
  LsfParams lsf;
  ClusterParams elim;
  config::readLsfParams(conf, emptied, &lsf, &elim, sink);
  for (const auto& d : diags)
    if (d.severity == Severity::kError) return Status(Code::kInvalid, d.toString());
  ClientConfig c;
  c.serverHosts = lsf.serverHosts;
  c.port = lsf.limPort;
  c.timeouts.connect = lsf.apiConnTimeout;
  c.timeouts.recv = lsf.apiRecvTimeout;
  c.keyFile = lsf.authKeyFile;
  c.serverDir = lsf.serverDir;
  c.stateDir = reserve::stateDir(lsf);
  c.rsh = lsf.rsh;
  c.lsgrunParallel = lsf.lsgrunParallel;
  std::string confDir = lsf.confDir.empty() ? envDir : lsf.confDir;
  struct stat st {};
  if (::stat(confDir.c_str(), &st) != 0)
    return Status(Code::kNotFound, "LSF_CONFDIR " + confDir + ": " + std::strerror(errno));
  std::string hostsPath = config::joinPath(confDir, "hosts");
  c.hostsFile = MappedFile::open(hostsPath);
  if (!c.hostsFile && errno != ENOENT)  // an optional file, but one we cannot read is wrong
    return Status(Code::kIo, hostsPath + ": " + std::strerror(errno));
  if (c.hostsFile) c.hostsText = c.hostsFile->text();
  std::string strip;
  for (const auto& s : lsf.stripDomain) strip += (strip.empty() ? "" : " ") + s;
  std::string envHost = getenvOr("OPENLIM_HOST", "");
  c.localHost = localHostName(envHost, systemHostName(), c, strip);
  c.hostsPath = hostsPath;
  c.localHostGuessed =
      envHost.empty() && c.hostsFile && !findHostEntry(c.hostsText, c.localHost).has_value();
  return c;
}

Status localHostUnknown(const ClientConfig& c) {
  return Status(Code::kNotFound, Subcode::kLocalHostUnknown,
                "the local host <" + c.localHost + "> is not a cluster host (not in " +
                    c.hostsPath +
                    "); set OPENLIM_HOST to its name in the cluster, or LSF_SERVER_HOSTS in "
                    "lsf.conf");
}

std::string LimClient::addressOf(const std::string& host) const {
  auto e = findHostEntry(config_.hostsText, host);
  return e ? e->address : host;
}

Result<std::string> LimClient::askOne(const std::string& host, const std::string& request,
                                      Signer* signer) {
  return requestJson(addressOf(host), config_.port, request, signer, config_.timeouts);
}

Result<std::string> LimClient::askLocal(const std::string& request) {
  auto reply = requestJsonLocal(reserve::socketPath(config_.stateDir, config_.localHost), request,
                                config_.timeouts);
  if (!reply && reply.status().code() == Code::kUnavailable && config_.localHostGuessed)
    return localHostUnknown(config_);
  return reply;
}

Result<std::string> LimClient::ask(const std::string& request, bool admin) {
  std::optional<Signer> signer;
  if (admin) {
    if (config_.keyFile.empty())
      return Status(Code::kDenied, "LSF_AUTH_KEYFILE is not set; admin requests need the key");
    auto key = readKeyFile(config_.keyFile);
    if (!key) return Status(Code::kDenied, key.status().message());
    if (!macFactory_) return Status(Code::kDenied, "this command cannot sign admin requests");
    protocol::MacFn mac = macFactory_(*key);
    signer = makeSigner(std::move(*key), "lsadmin", std::move(mac));
  }
  Status last(Code::kUnavailable, "no lim to ask");
  std::optional<Status> heard;  // what a lim that knows no master answered, with its subcode
  for (const auto& host : limsToAsk(config_)) {
    auto reply = askOne(host, request, signer ? &*signer : nullptr);
    if (!reply) {
      last = reply.status();
      if (last.code() == Code::kUnavailable) continue;
      return last;
    }
    // Follow a redirect once; a lim that knows no master: try the next lim.
    AskElsewhere next = askElsewhere(*reply);
    if (next.unavailable) {
      heard = Status(Code::kUnavailable, next.subcode, host + ": " + next.error);
      continue;
    }
    if (next.redirect.empty()) return reply;
    return askOne(next.redirect, request, signer ? &*signer : nullptr);
  }
  // A lim that answered outweighs one that did not: it says why no master answers.
  if (heard) return *heard;
  // No lim answered, and the only one asked was a guess at the local host's name: that
  // guess, not a lim that is down, is the likely problem.
  if (last.code() == Code::kUnavailable && config_.localHostGuessed && config_.serverHosts.empty())
    return localHostUnknown(config_);
  return last;
}

}  // namespace openlim::shell
