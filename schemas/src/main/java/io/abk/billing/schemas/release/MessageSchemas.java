package io.abk.billing.schemas.release;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponAggregate;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CustomerAggregate;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.IndexerCheckpoint;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.InvoiceNumbering;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.PaymentAggregate;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkAggregate;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PayoutPayment;
import io.abk.billing.schemas.avro.PromotionCodeAggregate;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.SettledInvoice;
import io.abk.billing.schemas.avro.SubscriptionAggregate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.avro.TransferClaim;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageState;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.avro.UsdtAddressBook;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtIdempotencyCommand;
import io.abk.billing.schemas.avro.UsdtIdempotencyRecord;
import io.abk.billing.schemas.avro.UsdtIntentAggregate;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtTxClaim;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import io.abk.billing.schemas.avro.VaultMandate;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.avro.WebhookDelivery;
import java.util.List;
import org.apache.avro.Schema;

/**
 * Every top-level schema that is written to Kafka (topic values and state-store values). Each must have its
 * current version in the schema store and stay backward compatible with all its released versions.
 */
public final class MessageSchemas {

    private MessageSchemas() {}

    public static List<Schema> current() {
        return List.of(
                SubscriptionCommand.getClassSchema(),
                Change.getClassSchema(),
                BillingEvent.getClassSchema(),
                SubscriptionAggregate.getClassSchema(),
                ChainRequest.getClassSchema(),
                PaymentCommand.getClassSchema(),
                PaymentLinkCommand.getClassSchema(),
                PaymentAggregate.getClassSchema(),
                PaymentLinkAggregate.getClassSchema(),
                CustomerCommand.getClassSchema(),
                CustomerAggregate.getClassSchema(),
                CouponCommand.getClassSchema(),
                CouponAggregate.getClassSchema(),
                PromotionCodeCommand.getClassSchema(),
                PromotionCodeAggregate.getClassSchema(),
                InvoiceNumberCommand.getClassSchema(),
                InvoiceNumbering.getClassSchema(),
                MeterEvent.getClassSchema(),
                UsageCommand.getClassSchema(),
                UsageSummary.getClassSchema(),
                UsageState.getClassSchema(),
                TestClock.getClassSchema(),
                WebhookDelivery.getClassSchema(),
                ChainTransfer.getClassSchema(),
                WatchedAddress.getClassSchema(),
                ChainResult.getClassSchema(),
                PayoutPayment.getClassSchema(),
                VaultMandate.getClassSchema(),
                TransferClaim.getClassSchema(),
                IndexerCheckpoint.getClassSchema(),
                UsdtIntentCommand.getClassSchema(),
                UsdtAddressCommand.getClassSchema(),
                UsdtCommandOutcome.getClassSchema(),
                UsdtEvent.getClassSchema(),
                UsdtIntentAggregate.getClassSchema(),
                UsdtAddressBook.getClassSchema(),
                UsdtTxClaim.getClassSchema(),
                UsdtWatchedAddress.getClassSchema(),
                SettledInvoice.getClassSchema(),
                UsdtIdempotencyCommand.getClassSchema(),
                UsdtIdempotencyRecord.getClassSchema());
    }
}
