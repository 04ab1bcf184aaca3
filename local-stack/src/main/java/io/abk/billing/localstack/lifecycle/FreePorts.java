package io.abk.billing.localstack.lifecycle;

import io.abk.billing.kafkatestkit.LoopbackPorts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Resolves "port 0" to a concrete free port before a part starts, because the broker, PostgreSQL and each service
 * process must know their port up front (advertised listeners, JDBC URLs, the fleet's health checks). A picked port
 * is bound only later (PostgreSQL binds after its initdb, a service process once its JVM has started, seconds on a
 * busy machine), so it comes from {@link LoopbackPorts}: below the kernel's ephemeral range, never handed out twice.
 */
public final class FreePorts {

    private FreePorts() {}

    /** {@code port} itself, or a {@linkplain #pick picked} free port when {@code port} is 0. */
    public static int resolve(int port) {
        return port != 0 ? port : pick();
    }

    /**
     * A port free on the loopback interface right now, below the ephemeral range, that this JVM has not handed out
     * before.
     */
    public static int pick() {
        return LoopbackPorts.pick();
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
