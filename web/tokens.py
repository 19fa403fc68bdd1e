"""Banker and player tokens: derived from the server secret, stored only as hashes.

A token is ``base64url(HMAC-SHA256(secret, purpose))`` (256 bits), where ``purpose`` names
the banker or a game's player and a *generation* number.  The server can therefore show
the banker and the console the current tokens at any time without keeping them in plain
text; the log's ``meta`` table holds only their SHA-256 hashes:

- ``banker_token`` = hash of the banker's token, ``banker_token_gen`` = its generation;
- ``token:<game>:<player>`` = hash of that player's token, ``tokengen:<game>:<player>``;
- ``tokenhash:<hash>`` = ``<game>\\t<player>`` (reverse index; checked against the forward
  key, so a rotated token is dead at once);
- ``viewtoken:<game>`` = hash of the game's *viewer* token (the table screen ``/board``,
  issue 16 point 7: it reads the game and can send no command), ``viewgen:<game>``, and
  ``viewhash:<hash>`` = ``<game>`` (its reverse index).

Rotating a token (a lost phone) bumps its generation.  The secret lives outside the
database (``secret.key`` in the data folder), so a copied game log alone opens nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import threading
from dataclasses import dataclass

from companion.store import Store
from companion.table import BANKER, Actor


@dataclass(frozen=True)
class Identity:
    """Who a token belongs to: ``role`` ``banker``, ``player`` (then ``game`` and
    ``player`` name them) or ``viewer`` (a table screen of ``game``: reads it, sends
    nothing); ``token_hash`` is the SHA-256 hex of the token."""

    role: str
    token_hash: str
    game: str | None = None
    player: str | None = None

    @property
    def actor(self) -> Actor:
        """The core's :class:`~companion.table.Actor` for this identity (a viewer's is
        role ``viewer``, which the core lets do nothing)."""
        if self.role == "viewer":
            return Actor("viewer")
        return BANKER if self.role == "banker" else Actor("player", self.player)

    def may_see(self, game_id: str) -> bool:
        """True when this identity may read ``game_id``."""
        return self.role == "banker" or self.game == game_id


def token_hash(token: str) -> str:
    """SHA-256 hex digest of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Tokens:
    """Issue, rotate and check tokens.

    Args:
        store: the game log (its ``meta`` table keeps the hashes).
        secret: the server secret (bytes, at least 32 recommended).
    """

    def __init__(self, store: Store, secret: bytes):
        self.store = store
        self._secret = secret
        #: Counts the rotations by this object: a live stream re-checks its token only
        #: when this changed (:mod:`web.hub`).
        self.generation = 0
        self._known: dict[str, Identity] = {}  # valid tokens' identities, by token hash
        self._rotating = threading.Lock()

    def _derive(self, purpose: str) -> str:
        digest = hmac.new(self._secret, purpose.encode("utf-8"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def _gen(self, key: str) -> int:
        return int(self.store.get_meta(key) or "0")

    def banker(self) -> str:
        """The banker's current token (its hash is registered if it was not)."""
        token = self._derive(f"banker:{self._gen('banker_token_gen')}")
        if self.store.get_meta("banker_token") != token_hash(token):
            self.store.put_meta("banker_token", token_hash(token))
        return token

    def rotate_banker(self) -> str:
        """Invalidate the banker's token and return a new one."""
        self.store.put_meta("banker_token_gen", str(self._gen("banker_token_gen") + 1))
        token = self.banker()  # the new hash is stored before the cache is emptied
        self._rotated()
        return token

    def player(self, game_id: str, name: str) -> str:
        """``name``'s current token in ``game_id`` (registered if it was not)."""
        gen = self._gen(f"tokengen:{game_id}:{name}")
        token = self._derive(f"player:{game_id}:{name}:{gen}")
        digest = token_hash(token)
        if self.store.get_meta(f"token:{game_id}:{name}") != digest:
            self.store.put_meta(f"tokenhash:{digest}", f"{game_id}\t{name}")
            self.store.put_meta(f"token:{game_id}:{name}", digest)
        return token

    def rotate_player(self, game_id: str, name: str) -> str:
        """Invalidate ``name``'s token in ``game_id`` and return a new one."""
        key = f"tokengen:{game_id}:{name}"
        self.store.put_meta(key, str(self._gen(key) + 1))
        token = self.player(game_id, name)
        self._rotated()
        return token

    def viewer(self, game_id: str) -> str:
        """``game_id``'s viewer token for its table screen (registered if it was not)."""
        token = self._derive(f"viewer:{game_id}:{self._gen(f'viewgen:{game_id}')}")
        digest = token_hash(token)
        if self.store.get_meta(f"viewtoken:{game_id}") != digest:
            self.store.put_meta(f"viewhash:{digest}", game_id)
            self.store.put_meta(f"viewtoken:{game_id}", digest)
        return token

    def rotate_viewer(self, game_id: str) -> str:
        """Invalidate ``game_id``'s viewer token and return a new one."""
        key = f"viewgen:{game_id}"
        self.store.put_meta(key, str(self._gen(key) + 1))
        token = self.viewer(game_id)
        self._rotated()
        return token

    def _rotated(self) -> None:
        with self._rotating:
            self._known.clear()
            self.generation += 1

    def lookup(self, token: str) -> Identity | None:
        """The identity ``token`` belongs to, or None (constant-time hash comparison)."""
        if not token or len(token) > 200:
            return None
        digest = token_hash(token)
        known = self._known.get(digest)  # forgotten at every rotation (this object's)
        if known is not None:
            return known
        generation = self.generation
        found = self._lookup(digest)
        with self._rotating:  # not kept if a rotation ran meanwhile: it may be stale
            if found is not None and generation == self.generation:
                self._known[digest] = found
        return found

    def _lookup(self, digest: str) -> Identity | None:
        if hmac.compare_digest(digest, self.store.get_meta("banker_token") or ""):
            return Identity("banker", digest)
        owner = self.store.get_meta(f"tokenhash:{digest}")
        if owner is None:
            return self._lookup_viewer(digest)
        if "\t" not in owner:
            return None
        game_id, name = owner.split("\t", 1)
        current = self.store.get_meta(f"token:{game_id}:{name}") or ""
        if not hmac.compare_digest(digest, current):
            return None
        return Identity("player", digest, game_id, name)

    def _lookup_viewer(self, digest: str) -> Identity | None:
        game_id = self.store.get_meta(f"viewhash:{digest}")
        if game_id is None:
            return None
        current = self.store.get_meta(f"viewtoken:{game_id}") or ""
        valid = hmac.compare_digest(digest, current)
        return Identity("viewer", digest, game_id) if valid else None

    def current(self, identity: Identity) -> bool:
        """True while ``identity``'s token is still the current one (not rotated away)."""
        if identity.role == "banker":
            key = "banker_token"
        elif identity.role == "viewer":
            key = f"viewtoken:{identity.game}"
        else:
            key = f"token:{identity.game}:{identity.player}"
        return hmac.compare_digest(identity.token_hash, self.store.get_meta(key) or "")

    def csrf(self, identity: Identity) -> str:
        """The anti-forgery value a page of ``identity`` sends in ``X-Companion-CSRF``."""
        return self._derive(f"csrf:{identity.token_hash}")

    def csrf_ok(self, identity: Identity, value: str | None) -> bool:
        """True when ``value`` is ``identity``'s anti-forgery value (constant time)."""
        return bool(value) and hmac.compare_digest(self.csrf(identity), value or "")
