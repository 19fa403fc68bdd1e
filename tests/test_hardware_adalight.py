"""Adalight encoding (issue 4, part 3): headers and checksums computed by hand, byte by byte."""

from __future__ import annotations

import pytest

from hardware import adalight


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        # n - 1 = 2: hi 0x00, lo 0x02, checksum 0x00 ^ 0x02 ^ 0x55 = 0x57
        (3, b"Ada\x00\x02\x57"),
        # n - 1 = 0: checksum 0x55
        (1, b"Ada\x00\x00\x55"),
        # n - 1 = 255: hi 0x00, lo 0xff, checksum 0xff ^ 0x55 = 0xaa
        (256, b"Ada\x00\xff\xaa"),
        # n - 1 = 299 = 0x012b: checksum 0x01 ^ 0x2b ^ 0x55 = 0x7f
        (300, b"Ada\x01\x2b\x7f"),
        # n - 1 = 65535: checksum 0xff ^ 0xff ^ 0x55 = 0x55
        (65536, b"Ada\xff\xff\x55"),
    ],
)
def test_header_bytes(count: int, expected: bytes) -> None:
    assert adalight.header(count) == expected


def test_encode_three_leds_byte_by_byte() -> None:
    frame = adalight.encode([(255, 0, 0), (0, 255, 0), (1, 2, 3)])
    assert list(frame) == [
        0x41, 0x64, 0x61,  # "Ada"
        0x00, 0x02, 0x57,  # count-1 hi, lo, hi ^ lo ^ 0x55
        0xFF, 0x00, 0x00,
        0x00, 0xFF, 0x00,
        0x01, 0x02, 0x03,
    ]


def test_decode_is_the_inverse_of_encode() -> None:
    colours = [(i, 255 - i, i // 2) for i in range(0, 256, 5)]
    assert adalight.decode(adalight.encode(colours)) == colours


@pytest.mark.parametrize("count", [0, 65537])
def test_header_refuses_impossible_counts(count: int) -> None:
    with pytest.raises(ValueError, match="1..65536"):
        adalight.header(count)


@pytest.mark.parametrize("colour", [(256, 0, 0), (-1, 0, 0)])
def test_encode_refuses_channels_out_of_range(colour: tuple[int, int, int]) -> None:
    with pytest.raises(ValueError):
        adalight.encode([colour])


def test_encode_refuses_non_triples() -> None:
    with pytest.raises(ValueError, match="triple"):
        adalight.encode([(1, 2)])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (b"Adb\x00\x00\x55\x00\x00\x00", "header"),
        (b"Ada\x00\x00\x54\x00\x00\x00", "checksum"),
        (b"Ada\x00\x01\x54\x00\x00\x00", "announces 2 LEDs"),
    ],
)
def test_decode_rejects_damaged_frames(frame: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        adalight.decode(frame)


def test_split_cuts_a_stream_and_drops_a_partial_tail() -> None:
    one = adalight.encode([(1, 1, 1)])
    two = adalight.encode([(2, 2, 2), (3, 3, 3)])
    assert adalight.split(one + two + two[:4]) == [one, two]


def test_scale_dims_and_rounds() -> None:
    assert adalight.scale([(255, 100, 1)], 0.5) == [(128, 50, 0)]
