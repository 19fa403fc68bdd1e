"""The table server under abuse (issue 8's fault pass, as a new user's try found it): an
endless request head, a head over the cap that arrives in one read, long polls that must
not hold the page workers or the shutdown, numbers too long to be sequences, a
``Last-Event-ID`` beyond the log, and a chunked body over the limit.  Real server
(:class:`web.server.TableServer`), real sockets."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from flask import Flask

from tests.conftest import LiveServer, WebActions
from web.server import MAX_HEAD, TableServer


@pytest.fixture
def server(app: Flask) -> Iterator[TableServer]:
    """The app under a :class:`TableServer` with 4 page workers (fewer than the polls)."""
    served = TableServer(app, "127.0.0.1", 0, threads=4).start()
    yield served
    served.stop()


def get(port: int, path: str, headers: dict[str, str], timeout: float = 10) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", path, headers=headers)
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, body


def test_an_endless_request_head_is_cut_off(server: TableServer,
                                            web_actions: WebActions) -> None:
    """A header that never ends gets 400 and the connection closed after MAX_HEAD bytes
    (httptools alone would keep it all in memory); the server goes on serving."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Long: ")
        sock.sendall(b"a" * (MAX_HEAD + 8192))  # and nothing more: the head never ends
        answer = b""
        while chunk := sock.recv(4096):  # the server answers, then closes
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert b"connection: close" in answer.lower()
    status, _body = get(server.port, "/api/games", web_actions.bearer(web_actions.banker))
    assert status == 200


def whole_heads(token: str) -> dict[str, bytes]:
    """Request heads over MAX_HEAD that are complete (they end in a blank line), by kind:
    sent in one ``sendall`` they arrive in one read, so only the parser's count sees them."""
    start, auth = b"GET /api/games", f"Authorization: Bearer {token}\r\n".encode()
    many = b"".join(b"X-Header-%d: %s\r\n" % (n, b"b" * 1000) for n in range(40))
    return {
        "one long header": start + b" HTTP/1.1\r\nHost: x\r\n" + auth
        + b"X-Long: " + b"a" * (MAX_HEAD + 8192) + b"\r\n\r\n",
        "many headers": start + b" HTTP/1.1\r\nHost: x\r\n" + auth + many + b"\r\n",
        "a long URL": start + b"?q=" + b"u" * (MAX_HEAD + 8192) + b" HTTP/1.1\r\nHost: x\r\n"
        + auth + b"\r\n",
    }


@pytest.mark.parametrize("kind", ["one long header", "many headers", "a long URL"])
def test_a_head_over_the_cap_in_one_read_is_refused(server: TableServer,
                                                     web_actions: WebActions, kind: str) -> None:
    """A whole head over MAX_HEAD sent at once (the banker's valid token in it, so it would
    be answered 200) gets 400 and the connection closed, like an endless one; a head just
    under the cap is served."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(whole_heads(web_actions.banker)[kind])
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    assert b"connection: close" in answer.lower()
    assert answer.endswith(b"Request line and headers too large.")
    near = {"X-Long": "a" * (MAX_HEAD - 1024), **web_actions.bearer(web_actions.banker)}
    status, _body = get(server.port, "/api/games", near)
    assert status == 200


def polls_while_pages_answer(server: TableServer, actions: WebActions, path: str,
                             count: int) -> tuple[list[threading.Thread], list[tuple[int, bytes]]]:
    """Start ``count`` polls of ``path`` (more than the 4 page workers) and assert the
    pages still answer at once; the running polls and the list their answers go to."""
    answers: list[tuple[int, bytes]] = []
    polls = [threading.Thread(target=lambda: answers.append(
        get(server.port, path, actions.bearer()))) for _ in range(count)]
    for poll in polls:
        poll.start()
    time.sleep(0.3)
    started = time.monotonic()
    status, _body = get(server.port, "/api/games", actions.bearer(actions.banker))
    assert status == 200 and time.monotonic() - started < 1.0
    return polls, answers


def test_long_polls_hold_no_page_worker_and_wake_on_a_command(
        server: TableServer, web_actions: WebActions) -> None:
    """Eight polls waiting for news (more than the 4 workers, within the banker's cap of
    web.capacity.STREAMS_PER_TOKEN) leave the pages answering at once; a command wakes
    every poll with the new state."""
    web_actions.new_game("Alice", "Bob")
    polls, answers = polls_while_pages_answer(
        server, web_actions, f"/api/games/{web_actions.game}?after=1&wait=20", 8)
    assert web_actions.send(cmd="pass_start", player="Alice").status_code == 200
    for poll in polls:
        poll.join(5)
    assert len(answers) == 8
    assert all(s == 200 and json.loads(b)["game"]["seq"] == 2 for s, b in answers)


def test_a_poll_without_news_ends_at_its_wait_and_at_a_stop(
        server: TableServer, web_actions: WebActions) -> None:
    """``wait=1`` with nothing new: 204 after about a second; a poll of 25 s does not hold
    the server's stop."""
    web_actions.new_game("Alice", "Bob")
    started = time.monotonic()
    status, _body = get(server.port, f"/api/games/{web_actions.game}?after=1&wait=1",
                        web_actions.bearer())
    assert status == 204 and 0.8 < time.monotonic() - started < 2.5
    waiting = threading.Thread(target=get, args=(
        server.port, f"/api/games/{web_actions.game}?after=1&wait=25", web_actions.bearer()))
    waiting.start()
    time.sleep(0.3)
    started = time.monotonic()
    server.stop()
    waiting.join(5)
    assert not waiting.is_alive() and time.monotonic() - started < 4


def test_numbers_too_long_to_be_a_sequence(live_server: LiveServer,
                                           web_actions: WebActions) -> None:
    """A 5 000-digit Last-Event-ID is no id (the stream sends the state); a 5 000-digit
    ``after`` is a bad request — never a 500."""
    web_actions.new_game("Alice", "Bob")
    port = int(live_server.url.rsplit(":", 1)[1])
    huge = "9" * 5000
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", f"/api/games/{web_actions.game}/events",
                 headers={**web_actions.bearer(), "Last-Event-ID": huge})
    answer = conn.getresponse()
    assert answer.status == 200 and answer.readline() == b"retry: 2000\n"
    conn.close()
    status, body = get(port, f"/api/games/{web_actions.game}?after={huge}&wait=1",
                       web_actions.bearer())
    assert status == 400 and json.loads(body)["ok"] is False


def test_a_chunked_body_over_the_limit_is_413(live_server: LiveServer,
                                              web_actions: WebActions) -> None:
    """A command body sent in chunks (no length) over MAX_CONTENT_LENGTH: 413, nothing
    applied."""
    web_actions.new_game("Alice", "Bob")
    port = int(live_server.url.rsplit(":", 1)[1])
    before = web_actions.state()
    body = json.dumps({"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 5,
                       "memo": "x" * 70_000}).encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", f"/api/games/{web_actions.game}/commands",
                 body=iter([body[i:i + 8192] for i in range(0, len(body), 8192)]),
                 headers={**web_actions.bearer(), "Content-Type": "application/json"},
                 encode_chunked=True)
    answer = conn.getresponse()
    assert answer.status == 413 and json.loads(answer.read())["ok"] is False
    conn.close()
    assert web_actions.state() == before


def test_bodies_that_never_arrive_hold_no_worker_and_get_408(
        server: TableServer, web_actions: WebActions, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten requests that announce a body and never send it (more than the 4 workers) leave
    the pages answering; each gets 408 once BODY_SECONDS pass."""
    monkeypatch.setattr("web.front.BODY_SECONDS", 1.0)
    head = (f"POST /api/games HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {web_actions.banker}"
            "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{").encode()
    socks = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(10)]
    for sock in socks:
        sock.sendall(head)
    time.sleep(0.2)
    started = time.monotonic()
    status, _body = get(server.port, "/api/games", web_actions.bearer(web_actions.banker))
    assert status == 200 and time.monotonic() - started < 0.8
    for sock in socks:
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 ")
        sock.close()


def test_a_connection_that_never_finishes_its_head_is_closed(
        server: TableServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """Silent or half-sent heads would each hold a file descriptor for good: after
    HEAD_SECONDS the server closes them."""
    monkeypatch.setattr("web.server.HEAD_SECONDS", 0.5)
    silent = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    half = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    half.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    started = time.monotonic()
    assert silent.recv(1024) == b"" and half.recv(1024) == b""  # closed by the server
    assert time.monotonic() - started < 3
    silent.close()
    half.close()


def test_polls_ahead_of_the_log_or_with_19_digits_hold_no_worker(
        server: TableServer, web_actions: WebActions) -> None:
    """A poll for a number beyond the log (a restored backup) answers the state at once;
    a 19-digit ``after`` is read by the loop like any other number (so no page worker
    waits on it: the pages still answer)."""
    web_actions.new_game("Alice", "Bob")
    started = time.monotonic()
    status, body = get(server.port, f"/api/games/{web_actions.game}?after=40&wait=20",
                       web_actions.bearer())
    assert status == 200 and json.loads(body)["game"]["seq"] == 1
    assert time.monotonic() - started < 1
    polls, _answers = polls_while_pages_answer(
        server, web_actions, f"/api/games/{web_actions.game}?after=1000000000000000000&wait=2", 8)
    for poll in polls:
        poll.join(5)
