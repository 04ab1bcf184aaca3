package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.ChainLog;
import io.abk.billing.chainrpc.NodeErrors;
import io.abk.billing.chainrpc.RpcBudget;
import io.abk.billing.chainrpc.RpcClient;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.web3j.protocol.core.DefaultBlockParameter;
import org.web3j.protocol.core.methods.request.EthFilter;
import org.web3j.protocol.core.methods.response.EthBlock;
import org.web3j.protocol.core.methods.response.EthLog;
import org.web3j.protocol.core.methods.response.Log;

/**
 * What the follower reads of one chain, through the shared {@link RpcClient}: the head, headers in batches, and
 * {@code eth_getLogs} over explicit ranges. Any JSON-RPC error moves to the next URL, except a range the provider
 * refuses, which the follower answers by asking for fewer blocks. Only the thread that owns it calls it.
 */
final class FollowerRpc implements AutoCloseable {

    private final RpcClient rpc;

    private FollowerRpc(RpcClient rpc) {
        this.rpc = rpc;
    }

    /** A client over {@code urls}, tried in this order. */
    static FollowerRpc connect(long chainId, List<String> urls, RpcBudget budget) {
        return new FollowerRpc(RpcClient.connect("chain " + chainId, urls, budget));
    }

    long blockNumber() {
        return rpc.blockNumber();
    }

    /** Headers of blocks {@code from..to} in order, fetched in batches; ends early at a block the chain does not have. */
    List<BlockHeader> headers(long from, long to) {
        var headers = new ArrayList<BlockHeader>();
        for (long start = from; start <= to; start += RpcClient.MAX_BATCH) {
            long end = Math.min(to, start + RpcClient.MAX_BATCH - 1);
            var chunk = batch(start, end);
            headers.addAll(chunk);
            if (chunk.size() < end - start + 1) {
                break;
            }
        }
        return headers;
    }

    /** The logs of {@code addresses} with any of {@code topic0s} in blocks {@code from..to}, in chain order. */
    List<ChainLog> logs(long from, long to, List<String> addresses, List<String> topic0s) {
        var filter = new EthFilter(block(from), block(to), addresses).addOptionalTopics(topic0s.toArray(String[]::new));
        return rpc.call("eth_getLogs", NodeErrors.RANGE_REFUSAL, web3j -> {
            var logs = new ArrayList<ChainLog>();
            for (var result :
                    RpcClient.result("eth_getLogs", web3j.ethGetLogs(filter).send())) {
                var entry = (Log) ((EthLog.LogObject) result).get();
                logs.add(new ChainLog(
                        entry.getAddress(),
                        entry.getTopics(),
                        entry.getData(),
                        entry.getBlockNumber().longValueExact(),
                        entry.getBlockHash(),
                        entry.getTransactionHash(),
                        entry.getLogIndex().intValueExact()));
            }
            return logs;
        });
    }

    private List<BlockHeader> batch(long from, long to) {
        var answers = rpc.batch(
                "eth_getBlockByNumber",
                NodeErrors.FAIL_OVER,
                (int) (to - from + 1),
                (web3j, i) -> web3j.ethGetBlockByNumber(block(from + i), false));
        var headers = new ArrayList<BlockHeader>();
        for (var answer : answers) {
            var block = ((EthBlock) answer).getBlock();
            if (block == null) {
                break; // not mined yet, or no longer there after the chain shrank
            }
            headers.add(new BlockHeader(
                    block.getNumber().longValueExact(),
                    RpcClient.lower(block.getHash()),
                    RpcClient.lower(block.getParentHash()),
                    block.getTimestamp().longValueExact()));
        }
        return headers;
    }

    private static DefaultBlockParameter block(long number) {
        return DefaultBlockParameter.valueOf(BigInteger.valueOf(number));
    }

    @Override
    public void close() {
        rpc.close();
    }
}
