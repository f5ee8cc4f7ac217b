// The app imports RokadaKit alone: the core's generated API (games, views,
// events, the free functions) comes with it, so no app file names the
// bindings module.
@_exported import RokadaCore
