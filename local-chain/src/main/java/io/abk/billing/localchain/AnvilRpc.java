package io.abk.billing.localchain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.web3j.protocol.core.Request;
import org.web3j.protocol.core.Response;
import org.web3j.protocol.http.HttpService;

/**
 * A JSON-RPC method of a development chain (anvil's own controls, or any method web3j has no call for) with plain
 * parameters; its result comes back JSON-decoded into Java values. An error answer throws, naming the method.
 */
public final class AnvilRpc {

    private AnvilRpc() {}

    public static Object call(HttpService http, String method, List<?> params) {
        try {
            RawResponse response = new Request<>(method, params, http, RawResponse.class).send();
            if (response.hasError()) {
                throw new IllegalStateException(
                        method + " failed: " + response.getError().getMessage());
            }
            return response.getResult();
        } catch (IOException e) {
            throw new UncheckedIOException(method + " failed", e);
        }
    }

    /** Whatever the method answers. */
    public static final class RawResponse extends Response<Object> {}
}
