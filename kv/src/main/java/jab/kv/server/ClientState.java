package jab.kv.server;

/** What the server knows about one connection: its id, name, and whether it has authenticated. */
final class ClientState {
    final long id;
    final String address;
    volatile String name = "";
    boolean authenticated;

    ClientState(long id, String address, boolean authenticated) {
        this.id = id;
        this.address = address;
        this.authenticated = authenticated;
    }
}
