package io.abk.billing.gateway.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Ports for tests: never fixed, since several test runs share this machine. */
public final class FreePorts {

    private FreePorts() {}

    /** A port nothing listens on right now: where an absent Kafka broker "is". */
    public static int unused() {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
