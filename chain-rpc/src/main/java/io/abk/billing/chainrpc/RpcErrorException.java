package io.abk.billing.chainrpc;

import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The node answered a JSON-RPC call with an error: a revert (with its data), a refused transaction, a bad call, or a
 * batch it answered only in part.
 */
public final class RpcErrorException extends RpcException {

    private static final Pattern HEX = Pattern.compile("0x[0-9a-fA-F]*");

    private final int code;
    private final String nodeMessage;
    private final @Nullable String data;

    public RpcErrorException(String method, int code, String nodeMessage, @Nullable String data) {
        super(method + ": " + nodeMessage, null);
        this.code = code;
        this.nodeMessage = nodeMessage;
        this.data = data;
    }

    /** The JSON-RPC error code (-32000 for most node errors, 3 for a revert on geth-like nodes). */
    public int code() {
        return code;
    }

    /** The error object's message, as the node wrote it. */
    public String nodeMessage() {
        return nodeMessage;
    }

    /**
     * The revert data, {@code 0x} hex, or {@code 0x} when the error carries none. web3j keeps the error's data as
     * JSON text: a quoted hex string from anvil and most nodes.
     */
    public String revertData() {
        var matcher = data == null ? null : HEX.matcher(data);
        return matcher != null && matcher.find() ? matcher.group() : "0x";
    }

    /** True for a node saying the nonce is used or ahead: the nonce manager must read the chain again. */
    public boolean nonceProblem() {
        var text = String.valueOf(getMessage()).toLowerCase(Locale.ROOT);
        return text.contains("nonce") || text.contains("replacement transaction underpriced");
    }

    /** True for a node that has this very transaction already (a retried send). */
    public boolean alreadyKnown() {
        var text = String.valueOf(getMessage()).toLowerCase(Locale.ROOT);
        return text.contains("already known")
                || text.contains("already imported")
                || text.contains("known transaction");
    }
}
