
/// The complete example of `phrase-table.md`, verbatim.
let specExample = #"""
app:
  name: Soup Chef                   # the spoken app name (required)
  synonyms: [Soup Shop]             # other names people say for this app
  handler: [handlers/soup-chef]     # optional: argv of a program that answers for the app
                                    # (path relative to this file; see "Handlers")

types:                              # finite value lists (Apple's AppEnum)
  Soup:
    clam_chowder: {title: Clam chowder, synonyms: [chowder, clam soup]}
    tomato: Tomato soup             # short form: the title alone
    chicken_noodle: Chicken noodle soup
  OrderType:
    pickup: {title: Pickup, synonyms: [take out, carry out]}
    delivery: Delivery

intents:
  OrderSoup:
    title: Order soup               # verb first, sentence case, no app name, no end punctuation
    parameters:                     # resolved in this order
      soup:
        type: Soup
        prompt: Which soup do you want?
      quantity:
        type: integer
        default: 1
        min: 1
        max: 10
        prompt: How many soups do you want?
        unsupported: Sorry, you can order at most 10 at a time.
      orderType:
        type: OrderType
        default: pickup
      store:
        type: string
        when: {orderType: pickup}           # child parameter: only asked for pickup
        options: [38801 South Sheridan Boulevard, 7401 South Lewis Avenue]
        prompt: Which store do you want to order from?
      address:
        type: string
        when: {orderType: delivery}
        prompt: Where should we deliver it?
    summary:                                # parameter summary, one variant per parent value
      - when: {orderType: pickup}
        text: Order {quantity} {soup} for {orderType} from {store}
      - when: {orderType: delivery}
        text: Order {quantity} {soup} for {orderType} to {address}
    confirmation: Ready to order {quantity} {soup}?   # ask yes/no before handling
    outputs: {total: currency, eta: duration}
    response: Your {soup} will be ready in {eta}.     # spoken when handled

shortcuts:                          # App Shortcuts: at most 10 per app
  - intent: OrderSoup
    phrases:
      - Order soup with {app}
      - Order {soup} with {app}
      - "{app} order [some] soup"
  - intent: OrderSoup
    title: Order take out soup
    parameters: {orderType: pickup}         # preset values
    phrases:
      - Order take out from {app}
"""#
