"""This machine's LAN addresses, and the base URL a request reached it by (issue 18 point 1).

- :func:`lan_addresses` — every IPv4 address of an interface that is up, loopback
  (``127.0.0.0/8``, so Raspberry Pi OS's ``127.0.1.1`` hosts line too) left out, read from
  the kernel (``socket.if_nameindex`` and the ``SIOCGIFFLAGS``/``SIOCGIFADDR`` ioctls, Linux;
  no route or DNS needed: the Pi's own hotspot, ``10.42.0.1`` on ``wlan0`` with no default
  route, is found).
- :func:`request_base_url` — ``http://<host>:<port>`` of the current request: its ``Host``
  when that names this machine, else the local address of the socket it came in on.
"""

from __future__ import annotations

import fcntl
import ipaddress
import socket
import struct
from urllib.parse import urlsplit

from flask import g, request

#: Any address outside the LAN; a UDP "connect" to it sends nothing but picks the route.
_PROBE = ("10.254.254.254", 1)
_SIOCGIFFLAGS, _SIOCGIFADDR, _IFF_UP = 0x8913, 0x8915, 0x1
#: ``struct ifreq``: the name (16 bytes), then a union (24 bytes on 64-bit, 16 on 32-bit);
#: an address's ``sin_addr`` is at bytes 20-24, the flags (a short) at 16-18.
_IFREQ = struct.Struct("16s24x")
ALL_INTERFACES = ("", "0.0.0.0", "::", "*")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on the same network can reach, dotted strings,
    the one of the default route first (when there is one), link-local ``169.254.*`` last;
    ``[]`` when there is none (only loopback: no Wi-Fi joined, no hotspot up)."""
    found: list[str] = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        names = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            address = _interface_address(sock, name)
            if address is not None and address not in found and not _loopback(address):
                found.append(address)
    routed = _routed_address()
    if not found and routed is not None and not _loopback(routed):
        found.append(routed)  # where the ioctls are not Linux's
    return sorted(found, key=lambda a: (a != routed, a.startswith("169.254.")))


def lan_address() -> str:
    """The first of :func:`lan_addresses`, else ``127.0.0.1`` (this machine only)."""
    return next(iter(lan_addresses()), "127.0.0.1")


def _interface_address(sock: socket.socket, name: str) -> str | None:
    """The IPv4 address of interface ``name`` when it is up and has one, else None."""
    request_ = _IFREQ.pack(name.encode()[:15])
    try:
        flags = struct.unpack_from("H", fcntl.ioctl(sock.fileno(), _SIOCGIFFLAGS, request_), 16)
        if not flags[0] & _IFF_UP:
            return None
        answer = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, request_)
    except OSError:  # no IPv4 address (EADDRNOTAVAIL), or gone meanwhile
        return None
    return socket.inet_ntoa(answer[20:24])


def _routed_address() -> str | None:
    """The source address of the route out (the default route's), or None without one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
        except OSError:  # "Network is unreachable": no route, the hotspot's case
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("0.") else address


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def own_host(host: str) -> bool:
    """Whether ``host`` (an address or name, lower case, no brackets) is this machine:
    a loopback address or ``localhost``, one of :func:`lan_addresses`, its host name or
    ``<host name>.local`` (mDNS)."""
    name = socket.gethostname().lower()
    return _loopback(host) or host in (name, f"{name}.local") or host in lan_addresses()


def url_for_host(host: str, port: int | None) -> str:
    """``http://<host>[:<port>]``; an IPv6 address in brackets, an IPv4-mapped one as IPv4."""
    if host.startswith("::ffff:") and "." in host:
        host = host.removeprefix("::ffff:")
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}" + (f":{port}" if port is not None else "")


def request_base_url() -> str:
    """The base URL (no trailing ``/``) the current request reached this machine by: its
    ``Host`` header when that is an address or name of this machine, else the local address
    and port of the socket it arrived on (``SERVER_NAME``/``SERVER_PORT``; the ASGI scope's
    ``server``).  A phone that opened ``http://10.42.0.1:8000`` gets links with that.
    Worked out once a request (a console page asks once a player)."""
    if "companion_base_url" not in g:
        g.companion_base_url = _request_base_url()
    return str(g.companion_base_url)


def _request_base_url() -> str:
    try:
        given = urlsplit(f"//{request.host}")
        host, port = given.hostname, given.port
    except ValueError:  # a port that is not a number
        host, port = None, None
    if host and own_host(host):
        return url_for_host(host, port)
    environ = request.environ
    server_port = str(environ.get("SERVER_PORT", ""))
    return url_for_host(str(environ.get("SERVER_NAME", "127.0.0.1")),
                        int(server_port) if server_port.isdigit() else None)


def join_bases() -> list[str]:
    """The base URLs a phone can open this server by, for the console's "how to join" line:
    every :func:`lan_addresses` with the port the current request came in on."""
    port = str(request.environ.get("SERVER_PORT", ""))
    return [url_for_host(a, int(port) if port.isdigit() else None) for a in lan_addresses()]
