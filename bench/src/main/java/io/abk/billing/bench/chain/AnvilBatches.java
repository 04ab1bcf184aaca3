package io.abk.billing.bench.chain;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plain JSON-RPC batches to a local anvil: thousands of transactions from one of its unlocked accounts (anvil signs
 * them itself, so the benchmark spends no time signing), with explicit nonces so the batch's order does not matter.
 */
final class AnvilBatches {

    /** Per transaction: a token transfer needs about 35,000-52,000 gas; this leaves room and skips estimation. */
    private static final String GAS = "0x186a0";

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();
    private final URI rpc;

    AnvilBatches(String rpcUrl) {
        this.rpc = URI.create(rpcUrl);
    }

    /** Sends {@code count} calls of {@code data} to {@code to} from {@code from}, nonces from {@code firstNonce}. */
    void sendAll(String from, String to, String data, long firstNonce, int count) {
        var batch = json.createArrayNode();
        for (int i = 0; i < count; i++) {
            var tx = json.createObjectNode()
                    .put("from", from)
                    .put("to", to)
                    .put("data", data)
                    .put("gas", GAS)
                    .put("nonce", "0x" + Long.toHexString(firstNonce + i));
            batch.add(call(i, "eth_sendTransaction", json.createArrayNode().add(tx)));
        }
        for (var answer : (ArrayNode) send(batch)) {
            if (answer.has("error")) {
                throw new IllegalStateException("anvil refused a transaction: " + answer.get("error"));
            }
        }
    }

    /** One call; its result. */
    JsonNode call(String method, Object... params) {
        var array = json.createArrayNode();
        for (var param : params) {
            array.add(json.valueToTree(param));
        }
        var answer = send(call(1, method, array));
        if (answer.has("error")) {
            throw new IllegalStateException(method + " failed: " + answer.get("error"));
        }
        return answer.get("result");
    }

    long quantity(String method, Object... params) {
        return Long.decode(call(method, params).asString());
    }

    private ObjectNode call(int id, String method, ArrayNode params) {
        return json.createObjectNode()
                .put("jsonrpc", "2.0")
                .put("id", id)
                .put("method", method)
                .set("params", params);
    }

    private JsonNode send(JsonNode body) {
        try {
            var response = http.send(
                    HttpRequest.newBuilder(rpc)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return json.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("anvil did not answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
