package io.abk.billing.gateway.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.testkit.GatewayIT;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Requests no well-behaved client library would send (bad percent-encoding, NUL bytes, odd methods), written
 * byte for byte on a socket: each must get a 4xx, never a 500. Protects the "never a 500 for any input" rule
 * at the edges the HTTP clients in other tests cannot reach.
 */
class RawRequestsIT extends GatewayIT {

    @LocalServerPort
    int port;

    private String key;

    @BeforeEach
    void key() {
        key = newMerchantKey("test");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "GET /v1/products/%ZZ", "GET /v1/products/%00", "GET /v1/products?limit=%ZZ",
                        "GET /v1/products?startingAfter=%00",
                "GET /v1/products/prod_%2F..%2F", "GET /v1/prices/x", "PATCH /v1/products/%E2%28%A1",
                        "POST /v1/products/%ZZ/prices",
                "GET /admin/v1/merchants/%ZZ", "GET /admin/v1/audit_log?merchantId=%00", "BREW /v1/products",
                        "GET /v1/products?limit=99999999999999999999"
            })
    void shouldAnswer4xxWhenTheRequestLineIsOdd(String requestLine) throws IOException {
        var auth =
                requestLine.contains("/admin/") ? "Authorization: Bearer " + ADMIN_TOKEN : "x-service-api-key: " + key;
        var body = requestLine.startsWith("POST") || requestLine.startsWith("PATCH") ? "{\"active\":true}" : "";
        var response =
                send(requestLine + " HTTP/1.1\r\nHost: localhost\r\n" + auth + "\r\nContent-Type: application/json\r\n"
                        + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body);
        var status = Integer.parseInt(response.substring(9, 12));
        assertThat(status).as(requestLine + " -> " + response).isBetween(400, 499);
    }

    private String send(String request) throws IOException {
        try (var socket = new Socket("localhost", port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            var out = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(out);
            return out.toString(StandardCharsets.UTF_8);
        }
    }
}
