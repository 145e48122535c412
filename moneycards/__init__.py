"""moneycards: rules checker, solver and table engines for Tổ Tôm, Kowah and Luk Fu."""
