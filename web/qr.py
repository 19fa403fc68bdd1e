"""Addresses and QR codes: the LAN address, join links, SVG and terminal QR codes."""

from __future__ import annotations

import socket
from typing import TextIO

import qrcode
from flask import current_app, request
from qrcode.image.svg import SvgPathImage

#: Any address outside the LAN; a UDP "connect" to it sends nothing but picks the route.
_PROBE = ("10.254.254.254", 1)


def lan_address() -> str:
    """This machine's address on the local network (not 127.0.0.1 when there is one)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
            if not address.startswith("0."):
                return address
        except OSError:
            pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def base_url(host: str, port: int) -> str:
    """``http://<host>:<port>`` for a listening ``host``; all-interfaces means the LAN address."""
    if host in ("", "0.0.0.0", "::", "*"):
        host = lan_address()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def public_url() -> str:
    """The base URL phones reach the server by: config ``PUBLIC_URL``, else this request's."""
    configured = current_app.config.get("PUBLIC_URL")
    return str(configured or request.host_url).rstrip("/")


def join_url(token: str) -> str:
    """The link a player's (or the banker's) QR code encodes."""
    return f"{public_url()}/join/{token}"


def svg(data: str) -> str:
    """An inline ``<svg>`` QR code of ``data`` (no Pillow needed)."""
    image = qrcode.make(data, image_factory=SvgPathImage, box_size=10, border=2)
    return str(image.to_string(encoding="unicode"))


def print_terminal(data: str, out: TextIO) -> None:
    """Draw a QR code of ``data`` in the terminal."""
    code = qrcode.QRCode(border=2)
    code.add_data(data)
    code.print_ascii(out=out, invert=True)
