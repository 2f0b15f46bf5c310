package jab.kv.server;

/** What the server knows about one connection: its id, name, whether it has authenticated, its counts. */
final class ClientState {
    final long id;
    final String address;
    volatile String name = "";
    boolean authenticated;
    int authFailures;
    // Counted on the connection's event-loop thread only: plain fields, no atomics on the hot path.
    // INFO reads them from another thread and may see values a moment old.
    long commands;
    long hits;
    long misses;

    ClientState(long id, String address, boolean authenticated) {
        this.id = id;
        this.address = address;
        this.authenticated = authenticated;
    }
}
