package io.abk.billing.chainrpc;

/** What a JSON-RPC error answer (the node answered, with an error object) means for one call. */
public enum NodeErrors {
    /**
     * It is the node's answer, thrown as {@link RpcErrorException} at once: a revert with its data, a nonce already
     * used, a transaction the node knows. Asking another URL would only ask the same chain the same question.
     */
    THROW,
    /**
     * It is this URL failing (a lagging node's "header not found", a provider's internal error): the call moves to
     * the next URL, within the budget.
     */
    FAIL_OVER,
    /**
     * As {@link #FAIL_OVER}, except that a provider refusing an {@code eth_getLogs} range as too large, or not
     * answering it in time, is thrown as {@link RpcRangeRefusedException} at once: the caller asks for fewer blocks.
     */
    RANGE_REFUSAL
}
