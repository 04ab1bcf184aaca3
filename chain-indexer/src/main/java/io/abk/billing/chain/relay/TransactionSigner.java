package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.FeeDecision.Fees;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.contracts.EvmHex;
import java.math.BigInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;

/**
 * Signs the relayer's transactions (EIP-1559, with the chain id) and hands them to the node. The key stays inside
 * {@link Credentials} and is never logged.
 */
final class TransactionSigner {

    private static final Logger log = LoggerFactory.getLogger(TransactionSender.class);

    /** A signed transaction: its hash (computed here, so a send whose answer was lost is still known) and bytes. */
    record Signed(SentTransaction.Version version, String raw) {}

    private final RelayerRpc rpc;
    private final long chainId;
    private final Credentials credentials;

    TransactionSigner(RelayerRpc rpc, long chainId, Credentials credentials) {
        this.rpc = rpc;
        this.chainId = chainId;
        this.credentials = credentials;
    }

    /** Signs a call of {@code data} on {@code to} (no value) with {@code nonce} and {@code fees}. */
    Signed sign(BigInteger nonce, String to, String data, Fees fees) {
        var raw = RawTransaction.createTransaction(
                chainId,
                nonce,
                fees.gasLimit(),
                to,
                BigInteger.ZERO,
                data,
                fees.maxPriorityFeePerGas(),
                fees.maxFeePerGas());
        var bytes = TransactionEncoder.signMessage(raw, credentials);
        return new Signed(new SentTransaction.Version(EvmHex.of(Hash.sha3(bytes)), fees), EvmHex.of(bytes));
    }

    /** Sends; a node that already has this very transaction (a retried send) counts as sent. */
    void submit(Signed signed) {
        try {
            rpc.sendRawTransaction(signed.raw());
        } catch (RpcErrorException refused) {
            if (!refused.alreadyKnown()) {
                throw refused;
            }
            log.info(
                    "event=transaction_already_known chainId={} txHash={}",
                    chainId,
                    signed.version().txHash());
        }
    }
}
