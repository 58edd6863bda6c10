//! The namespaces of Gallium's live evaluation, the five NFs' settings on them,
//! and how each system under test is switched on and off.
//!
//! ```text
//!  client ns             NF ns                    server ns
//!  c0 198.18.0.2 ---- c1 [port 0]  [port 1] s1 ---- s0 198.19.0.2 (.3 .4 backends, .200 proxy)
//! ```
//!
//! The client reaches 198.19.0.0/16 through 198.18.0.1, the server reaches the
//! client's /24 through 198.19.0.1. Who answers for those two gateways depends
//! on the system: for Tandem (which forwards no ARP) they are static
//! neighbours naming the other host's MAC; for the kernel they are the NF
//! namespace's own addresses; for FastClick they are Click's MACs (Click answers
//! ARP too). Every veth end has TSO, GSO and transmit checksums off, so the NF
//! sees the frames a wire would carry; the hosts' ends have GRO on, which a veth
//! needs to receive frames an XDP program redirects, and which every system gets
//! alike.

use std::fmt::Write as _;
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use testnet::{Cidr, Iface, Net, Ns, Offloads, Proc, Root};

use crate::tcpload;

/// The client's address.
pub const CLIENT_IP: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 2);
/// The server's (first) address.
pub const SERVER_IP: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 2);
/// The load balancer's virtual address.
pub const VIP: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 100);
/// The load balancer's backends (all on the server).
pub const BACKENDS: [Ipv4Addr; 3] = [
    SERVER_IP,
    Ipv4Addr::new(198, 19, 0, 3),
    Ipv4Addr::new(198, 19, 0, 4),
];
/// Where the transparent proxy sends what it intercepts.
pub const PROXY: SocketAddrV4 = SocketAddrV4::new(Ipv4Addr::new(198, 19, 0, 200), 3128);
/// The port the proxy intercepts (its program's `ports` parameter is set to it).
pub const PROXIED_PORT: u16 = 80;
/// iperf3's port.
pub const IPERF_PORT: u16 = 5201;
/// The TCP load generator's port.
pub const LOAD_PORT: u16 = 5300;
/// The client's ephemeral ports: the firewall's whitelist names each of them.
pub const CLIENT_PORTS: std::ops::RangeInclusive<u16> = 40_000..=41_999;
/// Where a Tandem NF serves its metrics, on the NF namespace's loopback.
const METRICS: SocketAddrV4 = SocketAddrV4::new(Ipv4Addr::LOCALHOST, 9464);
/// MACs of the NF namespace's interfaces: those FastClick's configuration names.
pub(super) const C1_MAC: [u8; 6] = [0x02, 0, 0, 0, 0, 0x01];
pub(super) const S1_MAC: [u8; 6] = [0x02, 0, 0, 0, 0x01, 0x01];
pub(super) const GW_CLIENT: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 1);
pub(super) const GW_SERVER: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);

/// One of Gallium's five middleboxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Nf {
    /// MazuNAT (source NAT to 198.19.0.1).
    Mazunat,
    /// The L4 load balancer (VIP 198.19.0.100 over three backends).
    Lb,
    /// The 5-tuple whitelist firewall.
    Firewall,
    /// The transparent proxy (port 80 to 198.19.0.200:3128).
    Proxy,
    /// The Trojan detector (forwards everything).
    Trojan,
}

impl Nf {
    /// All five, in the paper's order.
    pub const ALL: [Nf; 5] = [Nf::Mazunat, Nf::Lb, Nf::Firewall, Nf::Proxy, Nf::Trojan];

    /// Its name on the command line and in results.
    pub fn name(self) -> &'static str {
        match self {
            Nf::Mazunat => "mazunat",
            Nf::Lb => "lb",
            Nf::Firewall => "firewall",
            Nf::Proxy => "proxy",
            Nf::Trojan => "trojan",
        }
    }

    /// The paper's name.
    pub fn title(self) -> &'static str {
        match self {
            Nf::Mazunat => "MazuNAT",
            Nf::Lb => "Load balancer",
            Nf::Firewall => "Firewall",
            Nf::Proxy => "Proxy",
            Nf::Trojan => "Trojan detector",
        }
    }

    /// By name.
    pub fn parse(s: &str) -> anyhow::Result<Nf> {
        Nf::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .with_context(|| format!("unknown NF {s:?} (mazunat, lb, firewall, proxy, trojan)"))
    }

    /// Where a client connects for a service on `port`, and where the server
    /// listens for it, with the NF on `system` (plain forwarding rewrites
    /// nothing: the client then reaches the server directly).
    pub fn endpoints(self, system: System, port: u16) -> (SocketAddr, SocketAddr) {
        let at = |ip: Ipv4Addr, p: u16| SocketAddr::V4(SocketAddrV4::new(ip, p));
        match self {
            _ if system == System::Forward => (at(SERVER_IP, port), at(SERVER_IP, port)),
            Nf::Lb => (at(VIP, port), at(Ipv4Addr::UNSPECIFIED, port)),
            Nf::Proxy => (at(SERVER_IP, PROXIED_PORT), SocketAddr::V4(PROXY)),
            _ => (at(SERVER_IP, port), at(SERVER_IP, port)),
        }
    }

    /// The program's `--set` arguments; `dir` holds the firewall's rules file.
    fn program_args(self, examples: &Path, dir: &Path) -> anyhow::Result<Vec<String>> {
        let file = examples.join(format!("{}.nf", self.name()));
        anyhow::ensure!(file.is_file(), "no NF program at {}", file.display());
        let mut args = vec![file.display().to_string()];
        let mut set = |kv: String| args.extend(["--set".to_string(), kv]);
        match self {
            Nf::Mazunat => set(format!("external_ip={GW_SERVER}")),
            Nf::Lb => {
                set(format!("vip={VIP}"));
                let b: Vec<String> = BACKENDS.iter().map(Ipv4Addr::to_string).collect();
                set(format!("backends={}", b.join(",")));
            }
            Nf::Firewall => {
                let rules = dir.join("firewall.rules");
                std::fs::write(&rules, whitelist())
                    .with_context(|| format!("write {}", rules.display()))?;
                set(format!("rules={}", rules.display()));
            }
            Nf::Proxy => {
                set(format!("ports={PROXIED_PORT}"));
                set(format!("proxy_ip={}", PROXY.ip()));
                set(format!("proxy_port={}", PROXY.port()));
            }
            Nf::Trojan => {}
        }
        Ok(args)
    }
}

/// The firewall's whitelist: every client port to iperf3's and the load
/// generator's port on the server (4,000 rules of the set's 4,096).
fn whitelist() -> String {
    let mut s = String::from("# tandem eval gallium: the client's ports to the services\n");
    for service in [IPERF_PORT, LOAD_PORT] {
        for p in CLIENT_PORTS {
            let _ = writeln!(s, "tcp {CLIENT_IP} {p} {SERVER_IP} {service}");
        }
    }
    s
}

/// The same whitelist as an nftables ruleset for the kernel's firewall
/// (stateless, as the NF: the tuple or its reverse).
fn nft_firewall() -> String {
    let mut elements = Vec::new();
    for service in [IPERF_PORT, LOAD_PORT] {
        for p in CLIENT_PORTS {
            elements.push(format!("tcp . {CLIENT_IP} . {p} . {SERVER_IP} . {service}"));
        }
    }
    format!(
        "table ip tandem_eval {{\n\
         set allow {{ type inet_proto . ipv4_addr . inet_service . ipv4_addr . inet_service; elements = {{ {} }} }}\n\
         chain forward_filter {{ type filter hook forward priority filter; policy drop;\n\
         meta l4proto . ip saddr . th sport . ip daddr . th dport @allow accept\n\
         meta l4proto . ip daddr . th dport . ip saddr . th sport @allow accept\n}}\n}}\n",
        elements.join(", ")
    )
}

/// The proxy host's replies leave as from the server the client asked for.
fn proxy_host_rules() -> String {
    format!(
        "table ip tandem_eval_proxy {{\n\
         chain out {{ type filter hook output priority raw;\n\
         ip saddr {ip} tcp sport {port} notrack ip saddr set {SERVER_IP} tcp sport set {PROXIED_PORT}\n}}\n}}\n",
        ip = PROXY.ip(),
        port = PROXY.port(),
    )
}

/// A system the NFs run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// The whole NF on the server: `tandem live --mode reference` (the role
    /// FastClick plays in the paper).
    Reference,
    /// Tandem partitioned, the switch part interpreted in userspace.
    Tandem,
    /// Tandem partitioned, the switch part in the kernel's XDP hook.
    TandemXdp,
    /// FastClick, the paper's baseline (every NF but the Trojan detector).
    Fastclick,
    /// The Linux kernel's own NF: nftables masquerade for MazuNAT, an nftables
    /// whitelist for the firewall.
    Kernel,
    /// Plain IPv4 forwarding, no NF: the ceiling of this setup.
    Forward,
}

impl System {
    /// All of them, in the order of the tables.
    pub const ALL: [System; 6] = [
        System::Reference,
        System::Tandem,
        System::TandemXdp,
        System::Fastclick,
        System::Kernel,
        System::Forward,
    ];

    /// Its name on the command line and in results.
    pub fn name(self) -> &'static str {
        match self {
            System::Reference => "reference",
            System::Tandem => "tandem",
            System::TandemXdp => "tandem-xdp",
            System::Fastclick => "fastclick",
            System::Kernel => "kernel",
            System::Forward => "forward",
        }
    }

    /// By name.
    pub fn parse(s: &str) -> anyhow::Result<System> {
        System::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .with_context(|| {
                format!(
                    "unknown system {s:?} (reference, tandem, tandem-xdp, fastclick, kernel, forward)"
                )
            })
    }

    /// Why `nf` has no row on this system, if it has none.
    pub fn lacks(self, nf: Nf) -> Option<&'static str> {
        match (self, nf) {
            (System::Fastclick, nf) => super::click::lacks(nf),
            (System::Kernel, Nf::Mazunat | Nf::Firewall) => None,
            (System::Kernel, _) => Some("the kernel has no equivalent NF"),
            _ => None,
        }
    }

    /// Whether Tandem runs it.
    fn is_tandem(self) -> bool {
        matches!(self, System::Reference | System::Tandem | System::TandemXdp)
    }
}

/// The namespaces and links of one evaluation; deleted on drop.
pub struct Setup {
    pub client: Ns,
    pub nf: Ns,
    pub server: Ns,
    c0: Iface,
    s0: Iface,
    c1: Iface,
    s1: Iface,
    /// Deletes the namespaces when the setup goes.
    _net: Net,
}

impl Setup {
    /// Builds client, NF and server namespaces (`tnd-eval-*-PID`).
    pub fn build(root: Root) -> anyhow::Result<Setup> {
        std::panic::catch_unwind(move || {
            let mut b = Net::builder(root, "eval");
            let client = b.netns("c");
            let nf = b.netns("w");
            let server = b.netns("s");
            let (c0, c1) = b.veth((&client, "c0"), (&nf, "c1"));
            let (s0, s1) = b.veth((&server, "s0"), (&nf, "s1"));
            b.mac(&c1, C1_MAC).mac(&s1, S1_MAC);
            for end in [&c1, &s1] {
                b.offloads(end, Offloads::NONE);
            }
            for end in [&c0, &s0] {
                b.offloads(end, Offloads::NONE.with_gro());
            }
            b.addr(&c0, Cidr::new(CLIENT_IP, 24));
            for ip in BACKENDS.iter().chain([PROXY.ip()]) {
                b.addr(&s0, Cidr::new(*ip, 24));
            }
            b.route(
                &c0,
                Cidr::new(Ipv4Addr::new(198, 19, 0, 0), 16),
                Some(GW_CLIENT),
            );
            b.route(
                &s0,
                Cidr::new(Ipv4Addr::new(198, 18, 0, 0), 24),
                Some(GW_SERVER),
            );
            let net = b.build();
            Setup {
                client,
                nf,
                server,
                c0,
                s0,
                c1,
                s1,
                _net: net,
            }
        })
        .map_err(|p| anyhow::anyhow!("cannot build the namespaces: {}", panic_text(&p)))
        .and_then(|setup| {
            // The kernel reads this sysctl back tab-separated: set it here.
            let ports = format!("{} {}", CLIENT_PORTS.start(), CLIENT_PORTS.end());
            ns_sh(
                &setup.client,
                &format!("echo '{ports}' >/proc/sys/net/ipv4/ip_local_port_range"),
            )?;
            Ok(setup)
        })
    }

    /// Sets the MTU of both hosts' interfaces: TCP then sends packets of at most
    /// `mtu` bytes (Fig. 7's packet sizes). The NF's interfaces keep theirs.
    pub fn host_mtu(&self, mtu: u32) -> anyhow::Result<()> {
        for (ns, dev) in [(&self.client, "c0"), (&self.server, "s0")] {
            ip(&["-n", ns.name(), "link", "set", dev, "mtu", &mtu.to_string()])?;
        }
        Ok(())
    }

    /// Points both hosts' gateways at `client_gw` / `server_gw`.
    fn gateways(&self, client_gw: [u8; 6], server_gw: [u8; 6]) -> anyhow::Result<()> {
        let mac = testnet::mac_text;
        ip(&[
            "-n",
            self.client.name(),
            "neigh",
            "replace",
            &GW_CLIENT.to_string(),
            "lladdr",
            &mac(client_gw),
            "dev",
            "c0",
            "nud",
            "permanent",
        ])?;
        ip(&[
            "-n",
            self.server.name(),
            "neigh",
            "replace",
            &GW_SERVER.to_string(),
            "lladdr",
            &mac(server_gw),
            "dev",
            "s0",
            "nud",
            "permanent",
        ])
    }

    /// Starts `system` running `nf` (Tandem's loops spinning with
    /// `busy_poll`); `dir` takes its files.
    pub fn start(
        &self,
        system: System,
        nf: Nf,
        tools: &Tools,
        busy_poll: bool,
        dir: &Path,
    ) -> anyhow::Result<Running> {
        if let Some(why) = system.lacks(nf) {
            bail!("{} on {}: {why}", nf.name(), system.name());
        }
        let mut running = Running {
            proc: None,
            metrics: None,
            kernel: false,
            proxy_host: None,
            nf_ns: self.nf.clone(),
            log: dir.join("nf.log"),
        };
        if nf == Nf::Proxy && system != System::Forward {
            // The proxy host answers as the server the client asked for, as a
            // transparent proxy (Squid with TPROXY) does: the NF rewrites only
            // the client's direction. nftables in the server's namespace
            // stands in for that, statelessly.
            running.proxy_host = Some(self.server.clone());
            nft(&self.server, &proxy_host_rules())?;
        }
        if system.is_tandem() {
            self.gateways(self.s0.mac(), self.c0.mac())?;
            let mut cmd = self.nf.command("taskset");
            cmd.args(["-c", &tools.nf_core.to_string()]);
            cmd.arg(&tools.tandem).arg("live");
            cmd.args(nf.program_args(&tools.examples, dir)?);
            match system {
                System::Reference => {
                    cmd.args(["--mode", "reference"]);
                }
                System::TandemXdp => {
                    cmd.args(["--switch", "xdp"]);
                }
                _ => {}
            }
            cmd.args(["--netns", self.nf.name(), "-p", "0=c1", "-p", "1=s1"]);
            cmd.args(["--duration", "36000", "-q", "--summary"]);
            cmd.arg(dir.join("summary.json"));
            cmd.arg("--metrics").arg(METRICS.to_string());
            if busy_poll {
                cmd.arg("--busy-poll");
            }
            running.metrics = Some(SocketAddr::V4(METRICS));
            running.proc = Some(spawn_logged(&mut cmd, "tandem live", &dir.join("nf.log"))?);
        } else {
            self.gateways(self.c1.mac(), self.s1.mac())?;
            match system {
                System::Fastclick => {
                    let mut cmd = self.nf.command("taskset");
                    cmd.args(["-c", &tools.nf_core.to_string()]);
                    let conf = match super::click::config(nf) {
                        None => tools.click_conf.clone(),
                        Some(text) => {
                            let path = dir.join("nf.click");
                            std::fs::write(&path, text)
                                .with_context(|| format!("write {}", path.display()))?;
                            path
                        }
                    };
                    cmd.arg(&tools.click).arg(conf);
                    running.proc = Some(spawn_logged(&mut cmd, "click", &dir.join("nf.log"))?);
                }
                System::Kernel | System::Forward => {
                    running.kernel = true;
                    let w = self.nf.name();
                    ip(&["-n", w, "addr", "add", "198.18.0.1/24", "dev", "c1"])?;
                    ip(&["-n", w, "addr", "add", "198.19.0.1/24", "dev", "s1"])?;
                    ns_sh(&self.nf, "echo 1 >/proc/sys/net/ipv4/ip_forward")?;
                    if system == System::Kernel {
                        let rules = match nf {
                            Nf::Mazunat => "table ip tandem_eval {\n chain post { type nat hook postrouting priority srcnat; oifname \"s1\" masquerade; }\n}\n".to_string(),
                            _ => nft_firewall(),
                        };
                        nft(&self.nf, &rules)?;
                    }
                }
                _ => bail!("internal: system {} has no start", system.name()),
            }
        }
        // Ready once a TCP round trip crosses it.
        let (connect, listen) = nf.endpoints(system, LOAD_PORT);
        let server = self.server.run(move || tcpload::Server::start(listen))?;
        let client = self.client.clone();
        let t = Instant::now();
        loop {
            let ok = client.run(move || tcpload::ping_pong(connect, 1, Duration::from_millis(300)));
            if ok.is_ok() {
                break;
            }
            if !running.alive() {
                bail!(
                    "{} on {} ended before it carried a connection:\n{}",
                    nf.name(),
                    system.name(),
                    running.log_tail()
                );
            }
            if t.elapsed() > Duration::from_secs(20) {
                bail!(
                    "{} on {} carried no connection in 20 s:\n{}",
                    nf.name(),
                    system.name(),
                    running.log_tail()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        server.stop();
        Ok(running)
    }
}

/// What the evaluation runs and where.
#[derive(Debug, Clone)]
pub struct Tools {
    /// The `tandem` binary.
    pub tandem: PathBuf,
    /// The example NF programs.
    pub examples: PathBuf,
    /// FastClick's `click`.
    pub click: PathBuf,
    /// FastClick's MazuNAT configuration (the other NFs' are Tandem's own,
    /// `click.rs`).
    pub click_conf: PathBuf,
    /// The core the NF runs on.
    pub nf_core: usize,
    /// The core the hosts' tools run on.
    pub load_core: usize,
}

/// A system running an NF; stopped on drop.
pub struct Running {
    proc: Option<Proc>,
    /// Its `/metrics`, in the NF namespace (Tandem only).
    metrics: Option<SocketAddr>,
    kernel: bool,
    /// The server's namespace, when it holds the proxy host's rules.
    proxy_host: Option<Ns>,
    nf_ns: Ns,
    log: PathBuf,
}

impl Running {
    /// Where its figures are read: Tandem's `/metrics`, else its process's
    /// `/proc` (nothing for the kernel).
    pub fn probe(&self) -> super::measure::Probe {
        super::measure::Probe::new(
            self.proc.as_ref().map(Proc::id),
            self.metrics.map(|a| (self.nf_ns.clone(), a)),
        )
    }

    fn alive(&mut self) -> bool {
        self.proc.as_mut().is_none_or(Proc::running)
    }

    fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }

    /// Stops it and undoes what it changed; returns `tandem live`'s summary if
    /// it wrote one.
    pub fn stop(mut self, dir: &Path) -> anyhow::Result<Option<serde_json::Value>> {
        self.shut()?;
        let path = dir.join("summary.json");
        let summary = std::fs::read(&path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok());
        let _ = std::fs::remove_file(&path);
        Ok(summary)
    }

    fn shut(&mut self) -> anyhow::Result<()> {
        if let Some(mut p) = self.proc.take() {
            if p.running() {
                p.signal("TERM");
                let t = Instant::now();
                while p.running() && t.elapsed() < Duration::from_secs(10) {
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            p.kill();
        }
        if let Some(s) = self.proxy_host.take() {
            nft(&s, "delete table ip tandem_eval_proxy\n")?;
        }
        if std::mem::take(&mut self.kernel) {
            let w = self.nf_ns.name();
            let _ = nft(&self.nf_ns, "delete table ip tandem_eval\n");
            ns_sh(&self.nf_ns, "echo 0 >/proc/sys/net/ipv4/ip_forward")?;
            ip(&["-n", w, "addr", "flush", "dev", "c1"])?;
            ip(&["-n", w, "addr", "flush", "dev", "s1"])?;
            let _ = Command::new("ip")
                .args(["netns", "exec", w, "conntrack", "-F"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        Ok(())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.shut();
    }
}

fn spawn_logged(cmd: &mut Command, what: &str, log: &Path) -> anyhow::Result<Proc> {
    let out = std::fs::File::create(log).with_context(|| format!("create {}", log.display()))?;
    let err = out.try_clone()?;
    cmd.stdin(Stdio::null()).stdout(out).stderr(err);
    spawn(what, cmd)
}

/// Starts `cmd` as a [`Proc`], its failure an error rather than testnet's panic.
pub(crate) fn spawn(what: &str, cmd: &mut Command) -> anyhow::Result<Proc> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Proc::spawn(what, cmd)))
        .map_err(|p| anyhow::anyhow!("{}", panic_text(&p)))
}

/// Runs `ip ARGS`.
fn ip(args: &[&str]) -> anyhow::Result<()> {
    run(
        Command::new("ip").args(args),
        &format!("ip {}", args.join(" ")),
    )
}

fn ns_sh(ns: &Ns, script: &str) -> anyhow::Result<()> {
    let mut cmd = ns.command("sh");
    cmd.args(["-c", script]);
    run(&mut cmd, script)
}

fn nft(ns: &Ns, rules: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut child = ns
        .command("nft")
        .args(["-f", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .context("start nft")?;
    if let Some(mut i) = child.stdin.take() {
        i.write_all(rules.as_bytes())
            .context("write the ruleset to nft")?;
    }
    let out = child.wait_with_output().context("wait for nft")?;
    if !out.status.success() {
        bail!("nft -f -: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(())
}

fn run(cmd: &mut Command, what: &str) -> anyhow::Result<()> {
    let out = cmd.output().with_context(|| format!("run {what}"))?;
    if !out.status.success() {
        bail!("{what}: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(())
}

pub(crate) fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
        .unwrap_or_else(|| "a panic".to_string())
}
