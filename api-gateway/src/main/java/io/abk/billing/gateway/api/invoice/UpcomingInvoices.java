package io.abk.billing.gateway.api.invoice;

import io.abk.billing.schemas.money.Discounts;
import io.abk.billing.schemas.money.InvoiceComposition;
import io.abk.billing.schemas.money.Proration;
import io.abk.billing.schemas.money.SixDecimalAmounts;
import io.abk.billing.schemas.money.UsagePricing;
import io.abk.billing.schemas.render.ApiJson;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The invoice a subscription will make next, as billing-streams would make it (docs/architecture.md, "Plan changes and
 * proration"), computed from its read-model JSON by the shared rules ({@link Proration}, {@link InvoiceComposition},
 * {@link Discounts}), with a proposed change of amount applied as of {@code now}: the renewal at the period's end (its
 * subscription line, the pending lines, the discount, a carried credit), or, for a change invoiced at once
 * ({@code always_invoice}) that asks for something, that invoice. A draft: no id, no number.
 */
final class UpcomingInvoices {

    /** A proposed change: the new amount and interval (null: unchanged) and its proration behavior. */
    record Change(@Nullable Long amountMicros, @Nullable String interval, String behavior) {}

    /**
     * The usage of the subscription's metered items in its current period, as the usage processor summarised it so
     * far (an item missing: none yet), and the name each item's line gives ({@code itemId -> name}).
     */
    record Usage(Map<String, Long> quantities, Map<String, String> names) {

        static final Usage NONE = new Usage(Map.of(), Map.of());
    }

    /** One line, with its signed amount in micro-USDC: {@code quantity} units of {@code unitMicros}. */
    private record Line(
            String kind, String description, Instant start, Instant end, long micros, long quantity, long unitMicros) {

        Line(String kind, String description, Instant start, Instant end, long micros) {
            this(kind, description, start, end, micros, 1, micros);
        }
    }

    private UpcomingInvoices() {}

    static Map<String, @Nullable Object> preview(JsonNode subscription, @Nullable Change change, Instant now) {
        return preview(subscription, change, now, Usage.NONE);
    }

    /**
     * As {@link #preview(JsonNode, Change, Instant)}, the renewal with one {@code usage} line per metered item for the
     * closed period (its quantity so far, priced by {@link UsagePricing}).
     */
    static Map<String, @Nullable Object> preview(
            JsonNode subscription, @Nullable Change change, Instant now, Usage usage) {
        var amount = micros(subscription.get("amountUsdc"));
        var interval = text(subscription, "interval");
        var start = instant(subscription, "currentPeriodStart");
        var end = instant(subscription, "currentPeriodEnd");
        var anchor = instant(subscription, "billingCycleAnchor");
        var pending = new ArrayList<Line>();
        for (var line : subscription.get("pendingInvoiceLines")) {
            pending.add(new Line(
                    text(line, "kind"),
                    text(line, "description"),
                    instant(line, "periodStart"),
                    instant(line, "periodEnd"),
                    micros(line.get("amountUsdc"))));
        }
        var discount = subscription.get("discount");
        if (change != null) {
            var newAmount = change.amountMicros() != null ? change.amountMicros() : amount;
            var newInterval = change.interval() != null ? change.interval() : interval;
            var proration = prorated(subscription, amount, newAmount, interval, newInterval, change.behavior(), now);
            if (proration != null) {
                var rest = proration.getFirst().start();
                if (change.behavior().equals("always_invoice")) {
                    var own = new ArrayList<>(proration);
                    own.addAll(pending);
                    var invoice = compose(own, discount, rest);
                    if (total(invoice) > 0) {
                        return json(subscription, invoice, "subscription_update", rest, end, discount, rest);
                    }
                }
                pending.addAll(proration);
            }
            if (!newInterval.equals(interval)) {
                // A new interval starts where the current period ends (billing-streams re-anchors the cycle there).
                anchor = end;
            }
            amount = newAmount;
            interval = newInterval;
        }
        var nextEnd = nextEndAfter(anchor, interval, end);
        var own = new ArrayList<Line>();
        var usageLines = usageLines(subscription, usage, start, end);
        // As billing-streams renews: no licensed line of zero beside usage lines (a subscription of metered items
        // only).
        if (amount != 0 || usageLines.isEmpty()) {
            own.add(new Line(
                    "subscription",
                    SixDecimalAmounts.toDecimal(amount).toPlainString() + " USDC per " + interval,
                    end,
                    nextEnd,
                    amount));
        }
        own.addAll(usageLines);
        own.addAll(pending);
        return json(
                subscription, compose(own, discount, end, nextEnd), "subscription_cycle", end, nextEnd, discount, end);
    }

    /**
     * A line per metered item for the period [start, end) that closes at the renewal: the quantity so far, the flat
     * unit amount (0 with tiers), the amount as {@link UsagePricing} prices it.
     */
    private static List<Line> usageLines(JsonNode subscription, Usage usage, Instant start, Instant end) {
        var lines = new ArrayList<Line>();
        var items = subscription.get("items");
        if (items == null) {
            return lines;
        }
        for (var item : items) {
            if (!"metered".equals(text(item, "usageType"))) {
                continue;
            }
            var id = text(item, "id");
            long quantity = usage.quantities().getOrDefault(id, 0L);
            var tiers = new ArrayList<UsagePricing.Tier>();
            for (var tier : item.path("tiers")) {
                var upTo = tier.get("upTo");
                tiers.add(new UsagePricing.Tier(
                        upTo == null || upTo.isNull() ? null : upTo.longValue(),
                        micros(tier.get("unitAmountUsdc")),
                        micros(tier.get("flatAmountUsdc"))));
            }
            long unit = tiers.isEmpty() ? micros(item.get("unitAmountUsdc")) : 0;
            var name = usage.names().getOrDefault(id, id);
            lines.add(new Line(
                    "usage",
                    name + (tiers.isEmpty() ? "" : " (tiered)"),
                    start,
                    end,
                    UsagePricing.amountMicros(quantity, unit, tiers),
                    quantity,
                    unit));
        }
        return lines;
    }

    /**
     * The two proration lines of a change, or null when it prorates nothing: the behavior is none, the amount or
     * interval does not change as billing-streams prorates (same interval, new amount), the period was not billed at
     * the old amount (not active or past due, or a trial), or it is over.
     */
    private static @Nullable List<Line> prorated(
            JsonNode subscription,
            long oldMicros,
            long newMicros,
            String oldInterval,
            String newInterval,
            String behavior,
            Instant now) {
        var status = text(subscription, "status");
        var start = instant(subscription, "currentPeriodStart");
        var end = instant(subscription, "currentPeriodEnd");
        var trialEnd = optionalInstant(subscription, "trialEnd");
        if (behavior.equals("none")
                || oldMicros == newMicros
                || !oldInterval.equals(newInterval)
                || !(status.equals("active") || status.equals("past_due"))
                || (trialEnd != null && !end.isAfter(trialEnd))
                || !now.isBefore(end)) {
            return null;
        }
        var lines = Proration.lines(oldMicros, newMicros, start, end, now);
        var rest = now.isAfter(start) ? now : start;
        return List.of(
                new Line("proration", Proration.unusedTime(oldMicros, oldInterval), rest, end, lines.unusedMicros()),
                new Line(
                        "proration",
                        Proration.remainingTime(newMicros, oldInterval),
                        rest,
                        end,
                        lines.remainingMicros()));
    }

    /** The lines of an invoice for the period starting {@code periodStart}: discounted and carried as billing-streams does. */
    private static List<Line> compose(List<Line> own, @Nullable JsonNode discount, Instant periodStart) {
        return compose(own, discount, periodStart, own.getFirst().end());
    }

    /** As {@link #compose(List, JsonNode, Instant)}, for the invoice's period [periodStart, periodEnd). */
    private static List<Line> compose(
            List<Line> own, @Nullable JsonNode discount, Instant periodStart, Instant periodEnd) {
        var lines = new ArrayList<>(own);
        var sum = lines.stream().mapToLong(Line::micros).reduce(0, Math::addExact);
        var applying = discount != null
                        && !discount.isNull()
                        && Discounts.appliesTo(
                                text(discount, "duration"), optionalInstant(discount, "end"), periodStart)
                ? discount
                : null;
        var percent = applying != null ? basisPoints(applying.get("percentOff")) : null;
        var amountOff =
                applying != null && percent == null ? Long.valueOf(micros(applying.get("amountOffUsdc"))) : null;
        var totals = InvoiceComposition.totals(sum, percent, amountOff);
        if (totals.discountMicros() > 0 && discount != null) {
            var name = discount.get("couponName");
            lines.add(new Line(
                    "discount",
                    Discounts.describe(name == null || name.isNull() ? null : name.stringValue(), percent, amountOff),
                    periodStart,
                    periodEnd,
                    -totals.discountMicros()));
        }
        if (totals.carriedMicros() > 0) {
            lines.add(new Line(
                    "proration", InvoiceComposition.CREDIT_CARRIED, periodStart, periodEnd, totals.carriedMicros()));
        }
        return lines;
    }

    private static Map<String, @Nullable Object> json(
            JsonNode subscription,
            List<Line> lines,
            String reason,
            Instant start,
            Instant end,
            @Nullable JsonNode discount,
            Instant dueAt) {
        var subtotal = lines.stream()
                .filter(line -> !line.kind().equals("discount"))
                .mapToLong(Line::micros)
                .reduce(0, Math::addExact);
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("id", null);
        json.put("object", "invoice");
        json.put("subscriptionId", text(subscription, "id"));
        json.put("customerId", subscription.get("customerId"));
        json.put("number", null);
        json.put("status", "draft");
        json.put("amountUsdc", ApiJson.amount(total(lines)));
        json.put("subtotalUsdc", SixDecimalAmounts.toDecimal(subtotal));
        json.put("discountUsdc", ApiJson.amount(subtotal - total(lines)));
        json.put("lines", lines.stream().map(UpcomingInvoices::line).toList());
        json.put("billingReason", reason);
        json.put("periodStart", ApiJson.timestamp(start));
        json.put("periodEnd", ApiJson.timestamp(end));
        json.put("dueAt", ApiJson.timestamp(dueAt));
        json.put("mode", text(subscription, "mode"));
        return json;
    }

    private static Map<String, @Nullable Object> line(Line line) {
        var json = new LinkedHashMap<String, @Nullable Object>();
        json.put("kind", line.kind());
        json.put("description", line.description());
        json.put("periodStart", ApiJson.timestamp(line.start()));
        json.put("periodEnd", ApiJson.timestamp(line.end()));
        json.put("quantity", line.quantity());
        json.put("unitAmountUsdc", SixDecimalAmounts.toDecimal(line.unitMicros()));
        json.put("amountUsdc", SixDecimalAmounts.toDecimal(line.micros()));
        return json;
    }

    private static long total(List<Line> lines) {
        return lines.stream().mapToLong(Line::micros).reduce(0, Math::addExact);
    }

    /**
     * The first end of the anchor's periods after {@code instant}, in UTC, counted from the anchor (as billing-streams'
     * period arithmetic: a month anchored on the 31st comes back to the 31st).
     */
    static Instant nextEndAfter(Instant anchor, String interval, Instant instant) {
        var from = anchor.atZone(ZoneOffset.UTC);
        var unit = interval.equals("year") ? ChronoUnit.YEARS : ChronoUnit.MONTHS;
        long n = Math.max(0, unit.between(from, instant.atZone(ZoneOffset.UTC)));
        while (n > 0 && from.plus(n - 1, unit).toInstant().isAfter(instant)) {
            n--;
        }
        while (!from.plus(n, unit).toInstant().isAfter(instant)) {
            n++;
        }
        return from.plus(n, unit).toInstant();
    }

    private static @Nullable Integer basisPoints(@Nullable JsonNode percentOff) {
        return percentOff == null || percentOff.isNull()
                ? null
                : percentOff.decimalValue().movePointRight(2).intValueExact();
    }

    private static long micros(JsonNode amount) {
        return amount.decimalValue().movePointRight(SixDecimalAmounts.DECIMALS).longValueExact();
    }

    private static String text(JsonNode node, String field) {
        return node.get(field).stringValue();
    }

    private static Instant instant(JsonNode node, String field) {
        return Instant.parse(text(node, field));
    }

    private static @Nullable Instant optionalInstant(JsonNode node, String field) {
        var value = node.get(field);
        return value == null || value.isNull() ? null : Instant.parse(value.stringValue());
    }
}
