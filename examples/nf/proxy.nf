// Transparent web proxy redirector (Gallium §6.1).
//
// Ports: 0 = clients, 1 = servers (and the proxy).
//
// Parameters:
//   ports       list<bit<16>>  destination ports to redirect, comma-separated (default 80,8080)
//   proxy_ip    ipv4           address of the web proxy                       (default 10.0.0.200)
//   proxy_port  bit<16>        port of the web proxy                          (default 3128)
//
// A TCP packet from a client (port 0) whose destination port is in `ports` has
// its destination rewritten to proxy_ip:proxy_port and leaves on port 1. All other
// packets pass to the other port unchanged.

param ports: list<u16> = [80, 8080];
param proxy_ip: ipv4 = 10.0.0.200;
param proxy_port: u16 = 3128;

on packet {
    if in_port == 0 && tcp.valid && tcp.dst_port in ports {
        ipv4.dst = proxy_ip;
        tcp.dst_port = proxy_port;
        forward(1);
    }
    forward(in_port ^ 1);
}
