-- The host must survive an error in draw(), including a non-string error value.
function draw(g) error({ reason = "a table, not a string" }) end
