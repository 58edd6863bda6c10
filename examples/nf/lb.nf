// L4 load balancer for a virtual IP (Gallium §6.1).
//
// Ports: 0 = clients, 1 = backends.
//
// Parameters:
//   vip       ipv4        the virtual service address                    (default 10.0.0.100)
//   backends  list<ipv4>  backend addresses, comma-separated             (default 10.0.1.1,…,10.0.1.4)
//
// A TCP/UDP packet from a client to the VIP is sent to a backend: the first
// packet of a connection picks backend hash(5-tuple) mod number-of-backends, and
// the connection map keeps every later packet on that backend. TCP FIN or RST
// removes the entry; entries idle for 5 minutes are removed. Replies from a
// backend get the VIP back as their source address. Everything else passes to the
// other port unchanged.

param vip: ipv4 = 10.0.0.100;
param backends: list<ipv4> = [10.0.1.1, 10.0.1.2, 10.0.1.3, 10.0.1.4];

vector backend_ips: ipv4 = backends;
// client 5-tuple (protocol, client address, client port, VIP, service port) -> backend
map conns: (u8, ipv4, u16, ipv4, u16) -> ipv4 capacity 65536 idle_timeout 5min;

const FIN_OR_RST: u8 = 0x05;

on packet {
    let mut sport: u16 = 0;
    let mut dport: u16 = 0;
    if tcp.valid {
        sport = tcp.src_port;
        dport = tcp.dst_port;
    } else if udp.valid {
        sport = udp.src_port;
        dport = udp.dst_port;
    } else {
        forward(in_port ^ 1);
    }

    if in_port == 0 {
        if ipv4.dst != vip { forward(1); }
        let key = (ipv4.protocol, ipv4.src, sport, ipv4.dst, dport);
        let mut backend = 0.0.0.0;
        match conns.get(key) {
            Some(b) => { backend = b; }
            None => {
                backend = backend_ips[hash(key) % len(backends)];
                conns.insert(key, backend);
            }
        }
        if tcp.valid && (tcp.flags & FIN_OR_RST) != 0 {
            conns.remove(key);
        }
        ipv4.dst = backend;
        forward(1);
    } else {
        if ipv4.src in backends { ipv4.src = vip; }
        forward(0);
    }
}
