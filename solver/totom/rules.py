"""Tổ Tôm rule variants as data (rules/totom.md: the rulings and the `traditional` preset).

Every switch names the ruling or rule it controls. `seed` (the default) follows the seed
page; `traditional` follows the Chắn Vạn Văn table described at the end of rules/totom.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from moneycards.solver.cards import Face, face
from moneycards.solver.totom import TOTOM
from moneycards.solver.errors import InvalidInput
from moneycards.solver.rulebook import data, switch

RED_FACES = frozenset(face(t) for t in ("8m", "9m", "8s", "9s", "1h"))  # TT-D2
data("TT-D2", "the red faces: 8 and 9 of Myriads and of Strings, and Chi chi", __name__,
     "RED_FACES")
CHI_CHI = face("1h")
LEO_CARDS = (face("8s"), face("9m"), CHI_CHI)  # TT-K3 Lèo


@dataclass(frozen=True)
class Bonus:
    """One bonus of the TT-K3 table: its key, Vietnamese name, main value and dịch."""

    key: str
    name: str
    main: int
    dich: int


def _table(**overrides: tuple[int, int]) -> dict[str, Bonus]:
    base = {
        "u_chi": ("Ù chì", 3, 1),
        "thien_u": ("Thiên ù", 3, 1),
        "tom": ("Tôm", 4, 1),
        "bach_thu": ("Bạch thủ", 4, 1),
        "leo": ("Lèo", 5, 2),
        "thien_khai": ("Thiên khai", 5, 2),
        "chiu_u": ("Chíu ù", 5, 2),
        "bon": ("Bòn", 5, 2),
        "bach_dinh": ("Bạch định", 7, 4),
        "tam_do": ("Tám đỏ", 8, 5),
        "kinh_tu_chi": ("Kính tứ chi", 12, 9),
        "thap_thanh": ("Thập thành", 12, 9),
        # Traditional-only bonuses (absent from the seed page).
        "bach_thu_chi": ("Bạch thủ chi", 6, 3),
        "thong": ("Thông", 3, 1),
        "dia_u": ("Địa ù", 3, 1),
    }
    out = {}
    for key, (name, main, dich) in base.items():
        main, dich = overrides.get(key, (main, dich))
        out[key] = Bonus(key, name, main, dich)
    return out


@dataclass(frozen=True)
class TotomRules:
    """Switches of the Tổ Tôm rules; defaults are the seed page's reading."""

    preset: str = "seed"
    # R-Tôm-cards: the three faces of a Tôm set.
    tom_cards: tuple[Face, Face, Face] = (face("3m"), face("3c"), face("7c"))
    # R-Chi-chi-win / TT-W5: a Chi chi win needs exactly 6 Chắn and 4 Cạ.
    chi_chi_win_needs_six_four: bool = True
    # TT-K5: Thập thành sums the main values of every bonus; off = flat under TT-K2.
    thap_thanh_sums_mains: bool = True
    # Traditional extras (rules/totom.md, `traditional` preset).
    bach_thu_chi: bool = False  # Bạch thủ won on Chi chi scores as its own bonus
    thong_and_dia_u: bool = False  # Thông and Địa ù exist
    # R-decline-win: a seat must take a win offered to it (table engine).
    must_take_win: bool = False
    # Traditional errors, off by default (table engine).
    must_chiu: bool = False
    no_discard_of_captured_face: bool = False
    no_same_rank_discard_after_ca: bool = False
    # R-match: the deal always passes to the next seat (off: the winner deals next).
    dealer_rotates: bool = False
    bonuses: dict[str, Bonus] = field(default_factory=_table, hash=False, compare=False)
    # The Tôm faces' places in a count vector (derived from tom_cards).
    tom_index: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tom_index", tuple(TOTOM.index(f) for f in self.tom_cards))

    def bonus(self, key: str) -> Bonus:
        return self.bonuses[key]


switch("R-Tôm-cards", "Tôm's faces: the page's 3m 3c 7c, or tradition's 3m 3s 7c",
       TotomRules, "tom_cards")
switch("R-Chi-chi-win", "TT-W5 (a Chi chi win is 6 Chắn and 4 Cạ) holds; off traditionally",
       TotomRules, "chi_chi_win_needs_six_four")
switch("R-decline-win", "a seat may pass up a win; on, it must take it", TotomRules,
       "must_take_win")
switch("R-match", "the winner deals the next deal; on, the deal passes to the next seat",
       TotomRules, "dealer_rotates")

SEED = TotomRules()
TRADITIONAL = replace(
    SEED,
    preset="traditional",
    tom_cards=(face("3m"), face("3s"), face("7c")),
    chi_chi_win_needs_six_four=False,
    thap_thanh_sums_mains=False,
    bach_thu_chi=True,
    thong_and_dia_u=True,
    bonuses=_table(thien_khai=(3, 1), chiu_u=(3, 1), bon=(3, 1)),
)

PRESETS = {"seed": SEED, "traditional": TRADITIONAL}

# The rules and rulings each preset changes, which the rules book marks at a table of that
# preset (its entry says how: rules/totom.md, "The traditional preset"): Tôm's cards and the
# bonuses' values (TT-K3, R-Tôm-cards), Thập thành (TT-K5), the Chi chi win (TT-W5).
PRESET_CHANGES: dict[str, tuple[str, ...]] = {
    "traditional": ("TT-W5", "TT-K3", "TT-K5", "R-Tôm-cards", "R-Chi-chi-win"),
}


def preset(name: str | TotomRules | None, *, field: str = "rules") -> TotomRules:
    """The named preset; an empty name is the default (`seed`); rules already built (a
    preset with switches) pass through."""
    if isinstance(name, TotomRules):
        return name
    if not name:
        return SEED
    try:
        return PRESETS[name]
    except KeyError:
        raise InvalidInput(
            f"unknown rules preset {name!r}; choose one of: {', '.join(PRESETS)}", field=field
        ) from None


assert all(f in TOTOM for f in RED_FACES)


def totom_rules(name: str | None) -> TotomRules:
    """The preset a game record names (errors name `record.rules`)."""
    return preset(name, field="record.rules")
