// MazuNAT — network address and port translation (Gallium §6.1).
//
// Ports: 0 = internal network, 1 = external network.
//
// Parameters (set with `--set NAME=VALUE`):
//   external_ip  ipv4     the NAT's public address           (default 198.51.100.1)
//   port_min     bit<16>  first external port handed out     (default 1024)
//   port_max     bit<16>  last external port handed out      (default 65535)
//
// Outbound TCP/UDP (port 0 → 1): a flow (protocol, internal address, internal
// port) seen for the first time gets the next external port from a counter that
// increases monotonically and wraps from port_max back to port_min; the mapping
// is remembered for both directions. Source address and port are rewritten to
// external_ip and the external port; later packets of the flow reuse the mapping.
// Inbound (port 1 → 0): translated back if a mapping for (protocol, destination
// port) exists, otherwise dropped. Packets that are neither TCP nor UDP over IPv4
// are dropped. Checksums are fixed by the runtime after the rewrites.
// After the counter wraps, a reused external port replaces the older inbound
// mapping (as in Gallium's MazuNAT).

param external_ip: ipv4 = 198.51.100.1;
param port_min: u16 = 1024;
param port_max: u16 = 65535;

// (protocol, internal address, internal port) -> external port
map nat_out: (u8, ipv4, u16) -> u16 capacity 65536;
// (protocol, external port) -> (internal address, internal port)
map nat_in: (u8, u16) -> (ipv4, u16) capacity 65536;
// Next external port to hand out.
counter next_port: u16 = port_min;

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
        drop();
    }
    let proto = ipv4.protocol;

    if in_port == 0 {
        let key = (proto, ipv4.src, sport);
        let mut ext: u16 = 0;
        match nat_out.get(key) {
            Some(p) => { ext = p; }
            None => {
                // One read and one write of the counter per packet, so a switch
                // can keep it in a single register.
                let p = next_port;
                ext = p;
                if p >= port_max {
                    next_port = port_min;
                } else {
                    next_port = p + 1;
                }
                nat_out.insert(key, ext);
                nat_in.insert((proto, ext), (ipv4.src, sport));
            }
        }
        ipv4.src = external_ip;
        if tcp.valid { tcp.src_port = ext; } else { udp.src_port = ext; }
        forward(1);
    } else {
        match nat_in.get((proto, dport)) {
            Some(inside) => {
                ipv4.dst = inside.0;
                if tcp.valid { tcp.dst_port = inside.1; } else { udp.dst_port = inside.1; }
                forward(0);
            }
            None => { drop(); }
        }
    }
}
