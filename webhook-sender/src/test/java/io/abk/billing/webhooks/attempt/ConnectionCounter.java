package io.abk.billing.webhooks.attempt;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * A TCP listener on a loopback address that counts the connections it accepts and closes them at once: the
 * strictest witness that a refused delivery never reached the address (not even a TLS handshake).
 */
final class ConnectionCounter implements AutoCloseable {

    private final ServerSocket socket;
    private final AtomicInteger accepted = new AtomicInteger();

    private ConnectionCounter(ServerSocket socket) {
        this.socket = socket;
        Thread.ofPlatform().daemon(true).name("connection-counter").start(this::acceptAll);
    }

    /** Listens on {@code address}, or null when the host has no such address (no IPv6 loopback, say). */
    static @Nullable ConnectionCounter on(InetAddress address) {
        try {
            var socket = new ServerSocket();
            socket.bind(new InetSocketAddress(address, 0));
            return new ConnectionCounter(socket);
        } catch (IOException unavailable) {
            return null;
        }
    }

    int port() {
        return socket.getLocalPort();
    }

    int accepted() {
        return accepted.get();
    }

    private void acceptAll() {
        while (!socket.isClosed()) {
            try (var connection = socket.accept()) {
                accepted.incrementAndGet();
            } catch (IOException closed) {
                // Closed by close(): the loop ends.
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
