package io.abk.billing.gateway.chain;

import io.abk.billing.chainrpc.NodeErrors;
import io.abk.billing.chainrpc.RpcBudget;
import io.abk.billing.chainrpc.RpcClient;
import io.abk.billing.chainrpc.RpcErrorException;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.protocol.core.methods.request.Transaction;
import org.web3j.protocol.core.methods.response.EthCall;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Live reads of each mode's chain at its private RPC URL ({@link ChainsProperties}), one client per mode made at the
 * first read. A read is one JSON-RPC batch within {@link #DEADLINE}; a chain that does not answer in time, or answers
 * with an error, is an empty answer, never an error of the request that asked.
 */
@Component
public final class ChainReads implements DisposableBean {

    /**
     * How long a page or an API answer waits for the chain: a healthy node answers a batch of three eth_calls in tens
     * of milliseconds, and a request must not hang on a provider's outage. The timer also bounds what the HTTP client's
     * own timeout cannot (a host name that resolves slowly).
     */
    public static final Duration DEADLINE = Duration.ofSeconds(2);

    private static final Logger log = LoggerFactory.getLogger(ChainReads.class);

    private final ChainsProperties chains;
    private final Map<Mode, RpcClient> clients = new EnumMap<>(Mode.class);

    public ChainReads(ChainsProperties chains) {
        this.chains = chains;
    }

    /**
     * The mandate of {@code wallet} and vault reference {@code ref} as the mode's chain holds it now; empty when the
     * mode has no RPC URL or vault, or the chain did not answer within {@link #DEADLINE}.
     */
    public Mono<MandateReading> mandate(Mode mode, String wallet, String ref) {
        var chain = chains.of(mode);
        if (chain.rpcUrl() == null || chain.vaultAddress() == null) {
            return Mono.empty();
        }
        var calls = MandateReading.calls(chain.usdcAddress(), chain.vaultAddress(), wallet, ref);
        return read(mode, "mandate", () -> MandateReading.decode(answers(client(mode), calls)));
    }

    /**
     * The mode's token as the signature paths need it ({@link TokenReading}), with {@code owner}'s permit nonce; empty
     * when the mode has no RPC URL, or the chain did not answer within {@link #DEADLINE}.
     */
    public Mono<TokenReading> token(Mode mode, String owner) {
        var chain = chains.of(mode);
        if (chain.rpcUrl() == null) {
            return Mono.empty();
        }
        var calls = TokenReading.calls(chain.usdcAddress(), owner);
        return read(
                mode,
                "token",
                () -> TokenReading.decode(chain.chainId(), chain.usdcAddress(), answers(client(mode), calls)));
    }

    /**
     * The block that mined {@code txHash} on the mode's chain (a receipt shows it); empty when the mode has no RPC URL,
     * the chain does not know the transaction, or it did not answer within {@link #DEADLINE}.
     */
    public Mono<Long> blockOf(Mode mode, String txHash) {
        var chain = chains.of(mode);
        if (chain.rpcUrl() == null) {
            return Mono.empty();
        }
        // A Callable answering null is an empty Mono: the chain does not know the transaction.
        return read(
                mode,
                "receipt",
                () -> client(mode)
                        .call(
                                "eth_getTransactionReceipt",
                                NodeErrors.THROW,
                                web3j -> RpcClient.checked(
                                                "eth_getTransactionReceipt",
                                                web3j.ethGetTransactionReceipt(txHash)
                                                        .send())
                                        .getTransactionReceipt())
                        .map(receipt -> receipt.getBlockNumber().longValueExact())
                        .orElse(null));
    }

    /**
     * The time of the mode's chain: its latest block's timestamp. On the local chain a test clock may have moved it
     * ahead of the wall clock, and a signature's deadline is held to it there. Empty when the mode has no RPC URL or
     * the chain did not answer within {@link #DEADLINE}.
     */
    public Mono<Instant> chainTime(Mode mode) {
        var chain = chains.of(mode);
        if (chain.rpcUrl() == null) {
            return Mono.empty();
        }
        return read(
                mode,
                "head",
                () -> Instant.ofEpochSecond(client(mode)
                        .call(
                                "eth_getBlockByNumber",
                                NodeErrors.THROW,
                                web3j -> RpcClient.checked(
                                                "eth_getBlockByNumber",
                                                web3j.ethGetBlockByNumber(DefaultBlockParameterName.LATEST, false)
                                                        .send())
                                        .getBlock())
                        .getTimestamp()
                        .longValueExact()));
    }

    private <T> Mono<T> read(Mode mode, String what, Callable<T> read) {
        return Mono.fromCallable(read)
                .subscribeOn(Schedulers.boundedElastic())
                .timeout(DEADLINE)
                .onErrorResume(failure -> {
                    log.warn(
                            "event=chain_read_failed read={} mode={} chainId={} error={}",
                            what,
                            mode,
                            chains.of(mode).chainId(),
                            failure instanceof TimeoutException
                                    ? "deadline"
                                    : failure.getClass().getSimpleName());
                    return Mono.empty();
                });
    }

    private static List<MandateReading.Answer> answers(RpcClient rpc, List<MandateReading.Call> calls) {
        var responses = rpc.batch(
                "eth_call",
                NodeErrors.THROW,
                calls.size(),
                (web3j, i) -> web3j.ethCall(
                        Transaction.createEthCallTransaction(
                                null, calls.get(i).to(), calls.get(i).data()),
                        DefaultBlockParameterName.LATEST));
        var answers = new ArrayList<MandateReading.Answer>(calls.size());
        for (var response : responses) {
            try {
                answers.add(new MandateReading.Answer(
                        ((EthCall) RpcClient.checked("eth_call", response)).getValue(), null));
            } catch (RpcErrorException error) {
                answers.add(new MandateReading.Answer(null, error));
            }
        }
        return answers;
    }

    private synchronized RpcClient client(Mode mode) {
        return clients.computeIfAbsent(
                mode,
                m -> RpcClient.connect(
                        chains.of(m).name() + " (" + m + ")",
                        urls(Objects.requireNonNull(chains.of(m).rpcUrl())),
                        RpcBudget.oneRound(DEADLINE)));
    }

    /** The setting's URLs: one, or several comma-separated, tried in order (as the chain follower reads it). */
    static List<String> urls(String setting) {
        return Arrays.stream(setting.split(","))
                .map(String::strip)
                .filter(url -> !url.isEmpty())
                .toList();
    }

    @Override
    public synchronized void destroy() {
        clients.values().forEach(RpcClient::close);
        clients.clear();
    }
}
