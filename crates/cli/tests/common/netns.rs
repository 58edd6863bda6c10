//! The live tests' topology, built with `testnet`: a client namespace, the switch
//! namespace where `tandem live` holds its ports, and one or more server
//! namespaces, with addresses in 198.18.0.0/15 only. Everything is deleted on
//! drop, also when a test fails.
//!
//! ```text
//!  client ns          switch ns               server side
//!  c0 198.18.0.2 ---- c1 [port 0]
//!                         [port 1] s1 ---- one server:  s0 198.19.0.2
//!                                  or ---- router ns: b0, r1..rN ---- server k: s0 198.19.k.2
//! ```
//!
//! The NFs forward IPv4 only (no ARP), so hosts reach across the switch through
//! static neighbours: the client's gateway 198.18.0.1 is the MAC of the first
//! host behind the switch (the single server, or the router), and that host's
//! neighbour 198.19.0.1 (the gateway back towards the client, also MazuNAT's
//! external address) is the client's MAC. With several servers a router
//! namespace forwards between the switch link and one link per server, so frames
//! the NF rewrote to any server's address (a load balancer) reach that server.

use std::net::Ipv4Addr;

use testnet::{Cidr, Iface, Net, Ns, Offloads, Root};

/// The client's address.
pub const CLIENT_IP: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 2);
/// The client's gateway: a name for "across the switch".
pub const CLIENT_GW: Ipv4Addr = Ipv4Addr::new(198, 18, 0, 1);
/// The server side's way back to the client (MazuNAT's external address).
pub const SERVER_GW: Ipv4Addr = Ipv4Addr::new(198, 19, 0, 1);
/// The switch namespace's interface bound to port 0 (client side).
pub const PORT0_IF: &str = "c1";
/// The switch namespace's interface bound to port 1 (server side).
pub const PORT1_IF: &str = "s1";

/// Whether a live test can run: root, with `ip`, `ethtool` and the `extra`
/// tools. Prints why not; a missing tool fails the test under
/// TANDEM_REQUIRE_TOOLS=1.
pub fn can_run(test: &str, extra: &[&str]) -> Option<Root> {
    let tools: Vec<&str> = std::iter::once("ethtool")
        .chain(extra.iter().copied())
        .collect();
    testnet::can_run(test, &tools)
}

/// The namespaces and links of one test; deleted on drop.
pub struct Topology {
    pub client: Ns,
    pub switch: Ns,
    /// Present with more than one server.
    pub router: Option<Ns>,
    pub servers: Vec<Ns>,
    /// The client's interface.
    pub c0: Iface,
    /// The interface of the host right behind port 1: the server's s0, or
    /// the router's b0.
    pub behind1: Iface,
    /// The switch namespace's ends of the two links ([`PORT0_IF`], [`PORT1_IF`]).
    pub port0: Iface,
    pub port1: Iface,
    pub net: Net,
}

impl Topology {
    /// Builds the client side, the switch namespace and `servers` server
    /// namespaces (at least one). `tag` keeps the tests of one binary apart.
    pub fn new(root: Root, tag: &str, servers: usize) -> Topology {
        assert!((1..=200).contains(&servers), "1 to 200 servers");
        let mut b = Net::builder(root, tag);
        let client = b.netns("c");
        let switch = b.netns("w");
        let router = (servers > 1).then(|| b.netns("r"));
        let servers: Vec<Ns> = (0..servers).map(|k| b.netns(&format!("s{k}"))).collect();
        let (c0, port0) = b.veth((&client, "c0"), (&switch, PORT0_IF));
        let behind1_at = match &router {
            None => (&servers[0], "s0"),
            Some(r) => (r, "b0"),
        };
        let (behind1, port1) = b.veth(behind1_at, (&switch, PORT1_IF));
        for end in [&c0, &port0, &behind1, &port1] {
            b.offloads(end, Offloads::NONE);
        }
        b.addr(&c0, Cidr::new(CLIENT_IP, 24))
            .route(
                &c0,
                Cidr::new(Ipv4Addr::new(198, 19, 0, 0), 16),
                Some(CLIENT_GW),
            )
            .neigh(&c0, CLIENT_GW, &behind1);
        let client_net = Cidr::new(Ipv4Addr::new(198, 18, 0, 0), 24);
        match &router {
            None => {
                b.addr(&behind1, Cidr::new(server_ip(false, 0), 24))
                    .neigh(&behind1, SERVER_GW, &c0)
                    .route(&behind1, client_net, Some(SERVER_GW));
            }
            Some(r) => {
                b.forwarding(r)
                    .addr(&behind1, Cidr::new(Ipv4Addr::new(198, 19, 0, 254), 24))
                    .neigh(&behind1, CLIENT_IP, &c0)
                    .route(&behind1, client_net, None);
                for (k, s) in servers.iter().enumerate() {
                    let gw = Ipv4Addr::new(198, 19, k as u8 + 1, 1);
                    let (rdev, s0) = b.veth((r, &format!("r{}", k + 1)), (s, "s0"));
                    b.offloads(&rdev, Offloads::NONE)
                        .offloads(&s0, Offloads::NONE)
                        .addr(&rdev, Cidr::new(gw, 24))
                        .addr(&s0, Cidr::new(server_ip(true, k), 24))
                        .default_route(&s0, gw);
                }
            }
        }
        Topology {
            net: b.build(),
            client,
            switch,
            router,
            servers,
            c0,
            behind1,
            port0,
            port1,
        }
    }

    /// Readies the hosts' ends of the two switch links for `--switch xdp`: a
    /// frame an XDP program redirects into a veth is received by its peer's
    /// NAPI, which veth runs only with an XDP program or GRO on that peer.
    pub fn for_xdp(&self) {
        self.net.extend(|b| {
            for end in [&self.c0, &self.behind1] {
                b.offloads(end, Offloads::NONE.with_gro());
            }
        });
    }

    /// The CPU link of the two-process tests: a veth pair inside the switch
    /// namespace (cpu0 on the switch's CPU port, link0 for the other
    /// process), large MTU for the transfer and link headers, no offloads.
    pub fn cpu_link(&self) {
        self.net.extend(|b| {
            let (cpu, link) = b.veth((&self.switch, "cpu0"), (&self.switch, "link0"));
            for end in [&cpu, &link] {
                b.mtu(end, 9000).offloads(end, Offloads::NONE);
            }
        });
    }

    /// Lets the last segments of the hosts' connections cross the switch
    /// before the captures stop: waits (up to 10 s) until no connection is
    /// opening or closing in any namespace of the topology, then 100 ms
    /// more. Prints what is still in transition at the deadline; the
    /// comparison that follows names the frame.
    pub fn quiet(&self) {
        let busy = self.net.settle_tcp(std::time::Duration::from_secs(10));
        for (ns, line) in &busy {
            println!("still opening or closing in {ns}: {line}");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }

    /// The address of server `k`.
    pub fn server_ip(&self, k: usize) -> Ipv4Addr {
        assert!(k < self.servers.len());
        server_ip(self.router.is_some(), k)
    }
}

/// Server `k`'s address: 198.19.0.2 alone, 198.19.(k+1).2 behind the router.
fn server_ip(routed: bool, k: usize) -> Ipv4Addr {
    if routed {
        Ipv4Addr::new(198, 19, k as u8 + 1, 2)
    } else {
        Ipv4Addr::new(198, 19, 0, 2)
    }
}
