//! The typed parts of a topology: namespaces, interfaces, addresses, offloads.

use std::fmt;
use std::net::Ipv4Addr;
use std::process::Command;
use std::str::FromStr;
use std::sync::Arc;
use std::thread::JoinHandle;

/// A network namespace of a [`Net`](crate::Net), by its name under /run/netns.
/// It dereferences to that name, for APIs that take one (`tandem live --netns`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ns(Arc<str>);

impl Ns {
    pub(crate) fn new(name: String) -> Ns {
        Ns(name.into())
    }

    /// Its name (`tnd-TAG-ROLE-PID`).
    pub fn name(&self) -> &str {
        &self.0
    }

    /// Moves the calling thread (only it) into this namespace: sockets it opens
    /// afterwards belong to the namespace for life, whatever thread uses them.
    pub fn enter(&self) -> std::io::Result<()> {
        let file = std::fs::File::open(format!("/run/netns/{}", self.0))?;
        rustix::thread::move_into_link_name_space(
            std::os::fd::AsFd::as_fd(&file),
            Some(rustix::thread::LinkNameSpaceType::Network),
        )?;
        Ok(())
    }

    /// Runs `f` on a new thread inside this namespace.
    pub fn thread<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> JoinHandle<T> {
        let ns = self.clone();
        std::thread::spawn(move || {
            ns.enter()
                .unwrap_or_else(|e| panic!("testnet: enter namespace {ns}: {e}"));
            f()
        })
    }

    /// Runs `f` inside this namespace (on a thread of its own) and returns what
    /// it returns; a panic in `f` goes on in the caller.
    pub fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> T {
        self.thread(f)
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }

    /// Its TCP connections that are opening or closing (SYN-SENT, SYN-RECV,
    /// FIN-WAIT-1, FIN-WAIT-2, CLOSING, LAST-ACK), one `ss` line each;
    /// established, listening and TIME-WAIT ones are left out. Panics when
    /// `ss` cannot run.
    pub fn tcp_in_transition(&self) -> Vec<String> {
        let mut cmd = self.command("ss");
        cmd.arg("-Htan");
        for state in [
            "syn-sent",
            "syn-recv",
            "fin-wait-1",
            "fin-wait-2",
            "closing",
            "last-ack",
        ] {
            cmd.args(["state", state]);
        }
        let out = cmd
            .output()
            .unwrap_or_else(|e| panic!("testnet: ss in {self}: {e}"));
        assert!(
            out.status.success(),
            "testnet: ss in {self}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    }

    /// A command that runs `program` inside this namespace (`ip netns exec`);
    /// add its arguments, then start it with [`Proc::spawn`](crate::Proc::spawn).
    pub fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new("ip");
        cmd.args(["netns", "exec", self.name(), program]);
        cmd
    }
}

impl std::ops::Deref for Ns {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Ns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Ns> for String {
    fn from(ns: Ns) -> String {
        ns.0.to_string()
    }
}

/// A network interface of a [`Net`](crate::Net): a veth end, in a namespace or
/// in the root namespace.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Iface {
    ns: Option<Ns>,
    name: String,
}

impl Iface {
    pub(crate) fn new(ns: Option<Ns>, name: String) -> Iface {
        assert!(
            !name.is_empty() && name.len() < 16 && !name.contains(['/', ' ']),
            "testnet: {name:?} is not an interface name (1 to 15 characters)"
        );
        Iface { ns, name }
    }

    /// Its namespace; `None` for the root namespace.
    pub fn ns(&self) -> Option<&Ns> {
        self.ns.as_ref()
    }

    /// Its name inside its namespace.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its MAC address (as `ip link` shows it).
    pub fn mac(&self) -> [u8; 6] {
        let text = crate::cmd::ip(self.ns(), &["-br", "link", "show", "dev", &self.name]);
        text.split_whitespace()
            .nth(2)
            .and_then(parse_mac)
            .unwrap_or_else(|| panic!("testnet: no MAC for {self} in {text:?}"))
    }
}

impl fmt::Display for Iface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.ns {
            Some(ns) => write!(f, "{ns}/{}", self.name),
            None => write!(f, "{}", self.name),
        }
    }
}

fn parse_mac(text: &str) -> Option<[u8; 6]> {
    let bytes: Vec<u8> = text
        .split(':')
        .map(|b| u8::from_str_radix(b, 16).ok())
        .collect::<Option<_>>()?;
    bytes.try_into().ok()
}

/// A MAC address as `ip` writes it: `02:00:00:00:01:02`.
pub fn mac_text(mac: [u8; 6]) -> String {
    mac.map(|b| format!("{b:02x}")).join(":")
}

/// An IPv4 address with a prefix length (`198.18.0.2/24`): an interface's
/// address or a route's destination. Every one a [`Builder`](crate::Builder)
/// takes lies in 198.18.0.0/15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cidr {
    addr: Ipv4Addr,
    len: u8,
}

impl Cidr {
    /// `addr/len`; panics if `len` is above 32.
    pub const fn new(addr: Ipv4Addr, len: u8) -> Cidr {
        assert!(len <= 32, "a prefix length is at most 32");
        Cidr { addr, len }
    }

    pub fn addr(&self) -> Ipv4Addr {
        self.addr
    }

    pub fn prefix_len(&self) -> u8 {
        self.len
    }

    /// Whether the whole prefix lies in 198.18.0.0/15.
    pub fn in_benchmark_range(&self) -> bool {
        self.len >= 15 && in_benchmark_range(self.addr)
    }
}

/// Whether `ip` lies in 198.18.0.0/15 (RFC 2544's range for benchmarks).
pub(crate) fn in_benchmark_range(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    a == 198 && (b == 18 || b == 19)
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.len)
    }
}

impl FromStr for Cidr {
    type Err = String;
    fn from_str(s: &str) -> Result<Cidr, String> {
        let (addr, len) = s.split_once('/').ok_or_else(|| format!("{s:?}: no /"))?;
        let addr = addr.parse().map_err(|e| format!("{s:?}: {e}"))?;
        match len.parse() {
            Ok(len) if len <= 32 => Ok(Cidr { addr, len }),
            _ => Err(format!("{s:?}: bad prefix length")),
        }
    }
}

/// Which offloads of an interface are on (`ethtool -K`). [`Offloads::NONE`] is
/// what an NF under test wants: no TSO/GSO aggregates, no GRO, full checksums,
/// so its sockets see frames as they are on a wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offloads {
    pub tso: bool,
    pub gso: bool,
    pub gro: bool,
    /// Transmit checksum offload (`tx`).
    pub tx_checksum: bool,
}

impl Offloads {
    /// All four off.
    pub const NONE: Offloads = Offloads {
        tso: false,
        gso: false,
        gro: false,
        tx_checksum: false,
    };

    /// The same with GRO on: a veth whose peer an XDP program redirects frames
    /// into runs the NAPI that receives them only with GRO (or XDP) on it.
    pub const fn with_gro(self) -> Offloads {
        Offloads { gro: true, ..self }
    }

    /// `ethtool -K` arguments after the device.
    pub(crate) fn ethtool_args(&self) -> [&'static str; 8] {
        let on = |b: bool| if b { "on" } else { "off" };
        [
            "tso",
            on(self.tso),
            "gso",
            on(self.gso),
            "gro",
            on(self.gro),
            "tx",
            on(self.tx_checksum),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cidrs_parse_print_and_know_the_benchmark_range() {
        let c: Cidr = "198.19.0.0/16".parse().expect("cidr");
        assert_eq!(c, Cidr::new(Ipv4Addr::new(198, 19, 0, 0), 16));
        assert_eq!(c.to_string(), "198.19.0.0/16");
        assert!(c.in_benchmark_range());
        assert!(
            !"198.18.0.0/14"
                .parse::<Cidr>()
                .expect("cidr")
                .in_benchmark_range()
        );
        assert!(
            !"10.0.0.1/24"
                .parse::<Cidr>()
                .expect("cidr")
                .in_benchmark_range()
        );
        assert!("198.18.0.1".parse::<Cidr>().is_err());
        assert!("198.18.0.1/33".parse::<Cidr>().is_err());
    }

    #[test]
    fn macs_print_and_parse_back() {
        let m = [0x02, 0, 0, 0, 0x01, 0xab];
        assert_eq!(mac_text(m), "02:00:00:00:01:ab");
        assert_eq!(parse_mac(&mac_text(m)), Some(m));
        assert_eq!(parse_mac("02:00"), None);
    }

    #[test]
    fn offloads_become_ethtool_arguments() {
        assert_eq!(
            Offloads::NONE.with_gro().ethtool_args().join(" "),
            "tso off gso off gro on tx off"
        );
    }
}
