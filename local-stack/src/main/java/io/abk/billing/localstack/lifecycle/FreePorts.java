package io.abk.billing.localstack.lifecycle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Resolves "port 0" to a concrete free port before a part starts, because the broker and PostgreSQL must know
 * their port up front (advertised listeners, JDBC URLs). Another process could take the port in between; tests
 * accept that small window.
 */
public final class FreePorts {

    private FreePorts() {}

    /** {@code port} itself, or a port free on the loopback interface right now when {@code port} is 0. */
    public static int resolve(int port) {
        return port != 0 ? port : pick();
    }

    /** A port free on the loopback interface right now. */
    public static int pick() {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port on the loopback interface", e);
        }
    }

    /** True when something accepts connections on {@code port} of the loopback interface. */
    public static boolean isListening(int port) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
