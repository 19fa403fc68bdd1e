"""Links and QR codes: base and join URLs, SVG and terminal QR codes (the addresses are
:mod:`web.addresses`)."""

from __future__ import annotations

from typing import TextIO

from flask import current_app

from web.addresses import ALL_INTERFACES, lan_address, request_base_url, url_for_host

__all__ = ["base_url", "join_url", "lan_address", "print_terminal", "public_url", "svg"]


def base_url(host: str, port: int) -> str:
    """``http://<host>:<port>`` for a listening ``host``; all-interfaces means the first LAN
    address (:func:`web.addresses.lan_address`; ``127.0.0.1`` when there is none)."""
    return url_for_host(lan_address() if host in ALL_INTERFACES else host, port)


def public_url() -> str:
    """The base URL phones reach the server by: config ``PUBLIC_URL`` (it wins), else the
    address this request came in on (:func:`web.addresses.request_base_url`, issue 18
    point 1: a phone on the Pi's hotspot gets ``http://10.42.0.1:<port>``)."""
    configured = current_app.config.get("PUBLIC_URL")
    return str(configured).rstrip("/") if configured else request_base_url()


def join_url(token: str) -> str:
    """The link a player's (or the banker's) QR code encodes."""
    return f"{public_url()}/join/{token}"


def svg(data: str) -> str:
    """An inline ``<svg>`` QR code of ``data`` (no Pillow needed)."""
    import qrcode  # at first use (issue 19 point 4: not before the first answer)
    from qrcode.image.svg import SvgPathImage

    image = qrcode.make(data, image_factory=SvgPathImage, box_size=10, border=2)
    return str(image.to_string(encoding="unicode"))


def print_terminal(data: str, out: TextIO) -> None:
    """Draw a QR code of ``data`` in the terminal."""
    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(data)
    code.print_ascii(out=out, invert=True)
