package ptbr

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stalwart-agents/stalwart/grammar"
)

// today is the date the tests read relative dates from: Wednesday 6 May
// 2026.
var today = time.Date(2026, 5, 6, 12, 0, 0, 0, time.UTC)

func testGrammar(t testing.TB) *Grammar {
	t.Helper()
	g, err := New(Options{Now: func() time.Time { return today }})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// reading writes a clause compactly: its act, "not" when negated, its
// action and head object ("-" for none), and its arguments as
// kind=value@noun.
func reading(c grammar.Clause) string {
	parts := []string{c.Act.String()}
	if c.Negated {
		parts = append(parts, "not")
	}
	action, head := c.Action, "-"
	if action == "" {
		action = "-"
	}
	if len(c.Objects) > 0 {
		head = c.Objects[0]
	}
	parts = append(parts, action, head)
	for _, a := range c.Args {
		s := fmt.Sprintf("%s=%s", a.Kind, strings.ReplaceAll(a.Value, " ", "_"))
		if a.Noun != "" {
			s += "@" + a.Noun
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func readings(p *grammar.Parse) string {
	var cs []string
	for _, c := range p.Clauses {
		cs = append(cs, reading(c))
	}
	return strings.Join(cs, " | ")
}

func TestParse(t *testing.T) {
	g := testGrammar(t)
	tests := []struct {
		in, want string
	}{
		// Imperatives in both registers, with clitics written with a hyphen or before the verb.
		{"mostre o pedido 42", "imperative get order number=42@order"},
		// An ordinal in digits before a noun is its number.
		{"mostra a 3ª página", "imperative get page number=3"},
		// A name given after a noun is quoted text; "chamado" after a determiner is a ticket.
		{"cria uma pasta chamada Projetos 2026", "imperative create folder quoted=Projetos_2026@folder"},
		// An adjective after its noun qualifies it, though the lexicon
		// reads "novo" as create where it starts a command: the new
		// order is asked about, not made.
		{"cria um grupo novo chamado Parceiros", "imperative create group quoted=Parceiros@group"},
		{"o pedido novo chegou?", "question - order"},
		{"novo chamado pro cliente", "imperative create ticket"},
		{"cria um repositório privado chamado infra-terraform", "imperative create repository quoted=infra-terraform@repository"},
		{"abre um chamado no suporte", "imperative create ticket"},
		// "Dinheiro de volta" is what a refund gives back.
		{"quero meu dinheiro de volta da fatura INV-0042140", "request - refund identifier=INV-0042140@invoice"},
		// An id right after "do" names the owner of the thing before it,
		// not one of it; an id right after its noun names the noun's.
		{"mostra os contracheques do E10442", "imperative get paycheck identifier=E10442"},
		{"mostra o contracheque do E10442", "imperative get paycheck identifier=E10442"},
		{"mostra o contracheque CP-77 do E10442", "imperative get paycheck identifier=CP-77@paycheck identifier=E10442"},
		{"mostra o pedido 42", "imperative get order number=42@order"},
		{"mostre-me o pedido 42", "imperative get order number=42@order"},
		{"mostra-me o pedido 42", "imperative get order number=42@order"},
		{"me mostra o pedido 42", "imperative get order number=42@order"},
		{"me mostre a fatura INV-0042137", "imperative get invoice identifier=INV-0042137@invoice"},
		{"exiba o pedido 42", "imperative get order number=42@order"},
		{"veja o pedido 42", "imperative get order number=42@order"},
		{"consulte o pedido 42", "imperative get order number=42@order"},
		{"consulta o status do pedido 42", "imperative get status number=42@order"},
		{"cancele o pedido 1182", "imperative cancel order number=1182@order"},
		{"cancela o pedido 1182", "imperative cancel order number=1182@order"},
		{"cancelem o pedido 1182", "imperative cancel order number=1182@order"},
		{"cancela ele", "imperative cancel -"},
		{"cancele-o", "imperative cancel -"},
		{"quero cancelá-lo", "request cancel -"},
		{"quero cancela-lo", "request cancel -"},
		{"cancelar o pedido 42", "imperative cancel order number=42@order"},
		{"liste meus pedidos", "imperative list order"},
		{"lista meus pedidos", "imperative list order"},
		{"listar os pedidos do cliente 7", "imperative list order number=7@customer"},
		{"busque os pedidos da Ana", "imperative search order"},
		{"busca o cliente joao@exemplo.com.br", "imperative search customer email=joao@exemplo.com.br@customer"},
		{"procure a fatura de março", "imperative search invoice date=2026-03@invoice"},
		{"pesquisa os tickets abertos", "imperative search ticket"},
		{"arquive o pedido 42", "imperative archive order number=42@order"},
		{"arquiva o pedido 42", "imperative archive order number=42@order"},
		{"reembolse o pedido 42", "imperative refund order number=42@order"},
		{"reembolsa o pedido 42", "imperative refund order number=42@order"},
		{"estorne os 20 reais do pedido 42", "imperative refund order money=20_BRL number=42@order"},
		{"devolva o dinheiro do pedido 42", "imperative refund order number=42@order"},
		{"cobre 20 reais no cartão do pedido 42", "imperative charge card money=20_BRL number=42@order"},
		{"cobra R$ 20,00 no cartão", "imperative charge card money=20.00_BRL"},
		// Uma moeda nomeada sem valor: ligada a outra, ou um valor, por
		// uma palavra de câmbio; sozinha, não ("um problema real").
		{"converte 100 reais para dólares", "imperative convert - money=100_BRL currency=USD"},
		{"qual a cotação de euro para real?", "question - quote currency=EUR@quote currency=BRL"},
		{"mostra as vendas em tempo real", "imperative get order"},
		{"cobre R$ 1.200,50 do cliente 9", "imperative charge customer money=1200.50_BRL number=9@customer"},
		{"cobre 20 mil reais do cliente 9", "imperative charge customer money=20000_BRL number=9@customer"},

		// Imperatives of other actions: devices, files, records.
		{"ligue a luz da sala", "imperative turn_on light"},
		{"liga a luz da cozinha", "imperative turn_on light"},
		{"acenda a luz do quarto", "imperative turn_on light"},
		// "Ligar para" someone is to call them.
		{"liga pra minha mãe", "imperative call mother"},
		{"ligue para o cliente 9", "imperative call customer number=9@customer"},
		{"desligue a TV", "imperative turn_off tv"},
		// "Para" is the verb parar before its object, and a preposition
		// before a question word.
		{"para a música", "imperative stop song"},
		{"para onde foi o pedido 42?", "question - order number=42@order"},
		{"para quem é essa fatura?", "question - invoice"},
		// O que um verbo de dizer diz, depois de "que", é um texto.
		{"anuncia que o jantar está pronto", "imperative announce - quoted=o_jantar_está_pronto"},
		{"desliga o ar-condicionado", "imperative turn_off air_conditioner"},
		{"apague o arquivo relatorio.pdf", "imperative delete file identifier=relatorio.pdf@file"},
		{"exclua o contato ct_99887", "imperative delete contact identifier=ct_99887@contact"},
		{"remova o cartão pm_123", "imperative delete card identifier=pm_123@card"},
		{"crie um pedido para o cliente 5", "imperative create order number=5@customer"},
		{"cria uma nota de crédito de R$ 30,00", "imperative create credit_note money=30.00_BRL@credit_note"},
		{"adicione um item ao carrinho", "imperative create item"},
		{"atualize o endereço de entrega do pedido 42", "imperative update shipping_address number=42@order"},
		{"altera a quantidade do pedido 42 para 3", "imperative update quantity number=42@order number=3"},
		{"envie a fatura INV-0042137 por e-mail", "imperative send invoice identifier=INV-0042137@invoice"},
		{"manda a fatura pro financeiro@empresa.com.br", "imperative send invoice email=financeiro@empresa.com.br@invoice"},
		{"agende uma reunião amanhã", "imperative schedule meeting date=2026-05-07@meeting"},
		{"marca uma reunião na segunda que vem", "imperative schedule meeting date=2026-05-11@meeting"},

		// Requests: a want, a modal or a frame before an infinitive; politeness.
		{"quero cancelar o pedido 42", "request cancel order number=42@order"},
		{"quero ver o pedido 42", "request get order number=42@order"},
		{"eu quero ver meus pedidos", "request get order"},
		{"queria ver as faturas", "request get invoice"},
		{"gostaria de cancelar a assinatura", "request cancel subscription"},
		{"gostaria de ver o pedido 42", "request get order number=42@order"},
		{"preciso cancelar o pedido 42", "request cancel order number=42@order"},
		{"preciso ver a fatura", "request get invoice"},
		{"pode cancelar o pedido 42?", "request cancel order number=42@order"},
		{"pode mostrar o pedido 42?", "request get order number=42@order"},
		{"pode me mostrar o pedido 42?", "request get order number=42@order"},
		{"pode dar merge no pull request 77", "request merge pull_request number=77@pull_request"},
		// A determiner that is a copula written without its accent
		// (esta: está) keeps the verb before it a verb.
		{"marca esta reuniao pra segunda", "imperative schedule meeting date=2026-05-11@meeting"},
		{"poderia cancelar a assinatura?", "request cancel subscription"},
		{"poderia me enviar a fatura?", "request send invoice"},
		{"você pode cancelar o pedido 42?", "request cancel order number=42@order"},
		{"vc pode cancelar o pedido 42?", "request cancel order number=42@order"},
		{"você poderia me mostrar o pedido?", "request get order"},
		{"dá pra cancelar o pedido 42?", "request cancel order number=42@order"},
		{"da pra cancelar o pedido 42?", "request cancel order number=42@order"},
		{"tem como cancelar o pedido 42?", "request cancel order number=42@order"},
		{"consegue cancelar o pedido 42?", "request cancel order number=42@order"},
		{"vou cancelar o pedido 42", "request cancel order number=42@order"},
		{"vamos arquivar o pedido 42", "request archive order number=42@order"},
		{"por favor, cancele o pedido 42", "request cancel order number=42@order"},
		{"cancele o pedido 42, por favor", "request cancel order number=42@order"},
		{"cancela o pedido 42 pfv", "request cancel order number=42@order"},
		{"pf cancela o pedido 42", "request cancel order number=42@order"},
		{"favor enviar a fatura", "request send invoice"},

		// Questions: question words, statement order with a question mark.
		{"qual é o status do pedido 42?", "question - status number=42@order"},
		{"qual e o status do pedido 42?", "question - status number=42@order"},
		{"qual o status do pedido 42?", "question - status number=42@order"},
		{"cadê meu pedido?", "question - order"},
		{"cade meu pedido 1182?", "question - order number=1182@order"},
		{"quanto eu paguei no pedido 88?", "question pay order number=88@order"},
		{"quando chega o pedido 42?", "question - order number=42@order"},
		{"onde está o meu pedido?", "question - order"},
		{"quais pedidos estão pendentes?", "question - order"},
		{"quem comprou o produto 5?", "question buy product number=5@product"},
		{"o pedido 42 já foi pago?", "question get order number=42@order"},
		{"a fatura INV-0042137 foi paga?", "question get invoice identifier=INV-0042137@invoice"},
		// A question about a quality asks for the attribute the
		// adjective gives a value of, as "how hot is the office?" does.
		{"quão quente está o escritório?", "question - temperature"},
		{"o quão longe fica o aeroporto?", "question - distance"},
		{"quão grande é o arquivo f_123?", "question - size identifier=f_123@file"},
		// A thing and the state it is put in set it; "deixa" with a verb
		// after the thing lets it do something.
		{"deixe o agente 17 offline", "imperative set support_agent number=17@support_agent"},
		{"deixa o chamado 7744 como pendente", "imperative set ticket number=7744@ticket"},
		{"deixa a Ana editar o arquivo", "imperative grant file"},
		{"deixa o arquivo no projeto", "imperative grant file"},
		// "tem", "existe" and "há" ask whether a thing is in a state, as
		// "is there any order cancelled?" does.
		{"tem algum pedido cancelado?", "question get order"},
		{"tem alguma fatura em aberto?", "question get invoice"},
		{"existe alguma porta aberta?", "question get door"},
		{"o que tem na minha agenda amanhã?", "question - calendar date=2026-05-07@calendar"},
		{"por que o pagamento falhou?", "question - payment"},

		// Bare noun phrases; a participle after its noun qualifies it.
		{"pedido 42", "noun_phrase - order number=42@order"},
		{"pedido 5531 status", "noun_phrase - order number=5531@order"},
		{"as faturas dos últimos 3 meses", "noun_phrase - invoice number=3"},
		{"status do pedido 42", "noun_phrase - status number=42@order"},
		{"meus pedidos", "noun_phrase - order"},
		{"faturas de 2025", "noun_phrase - invoice number=2025@invoice"},
		{"pedidos cancelados", "noun_phrase - order"},
		{"notas de credito emitidas", "noun_phrase - credit_note"},

		// Negation and withdrawal.
		{"não cancele o pedido", "imperative not cancel order"},
		{"nao cancela o pedido 42", "imperative not cancel order number=42@order"},
		{"não cobre o cartão", "imperative not charge card"},
		{"nao cobre o cartao", "imperative not charge card"},
		{"nunca cobre o cartão sem avisar", "imperative not charge card"},
		{"não quero cancelar o pedido", "imperative not cancel order"},
		{"nem precisa cancelar", "imperative not cancel -"},
		{"deixa pra lá", "noun_phrase not - -"},
		{"deixa pra la, nao precisa cancelar", "imperative not cancel -"},
		{"esquece", "noun_phrase not - -"},
		{"esquece o que eu falei", "noun_phrase not - -"},
		{"não precisa pausar nada", "imperative not pause -"},
		{"não, não quero cancelar a assinatura", "imperative not cancel subscription"},
		{"para de me cobrar", "imperative not charge -"},
		// A negation after the command's verb that negates a part of its
		// own: the purpose, after a preposition, or a state after a comma
		// with its own copula.
		{"reconhece o alerta 42 pra parar de escalar", "imperative acknowledge alert number=42@alert"},
		{"cancela a etiqueta de envio, ainda não foi postada", "imperative cancel shipping_label"},
		{"cancela o pedido, não quero mais", "imperative not cancel order"},

		// Several clauses.
		{"mostre o pedido 42 e depois cancele", "imperative get order number=42@order | imperative cancel -"},
		{"mostra o pedido 42 e também cancela a fatura", "imperative get order number=42@order | imperative cancel invoice"},
		{"cancele o pedido 42 e depois reembolse o cliente", "imperative cancel order number=42@order | imperative refund customer"},
		{"arquiva o pedido 42, depois manda a fatura", "imperative archive order number=42@order | imperative send invoice"},
		{"cobra o cartão e em seguida envia o recibo", "imperative charge card | imperative send receipt"},
		// A comma before a negated verb begins a clause of its own; a
		// participle after a negation qualifies, and begins none.
		{"espera, não aprova o pedido 42", "imperative wait - | imperative not approve order number=42@order"},
		{"marca o e-mail 42 como não lido", "imperative mark_unread email number=42@email"},
		// A copula is its clause's verb: a command after the comma is
		// one of its own.
		{"o servidor está travado, reinicia ele", "statement lock server | imperative restart -"},
		{"a fatura está errada, cancela ela", "noun_phrase - invoice | imperative cancel -"},
		// A relative pronoun after a noun opens a clause about the noun:
		// its verbs command nothing, to a comma or a sentence mark.
		{"acha uma loja que também conserta violões", "imperative search store"},
		{"cria uma regra que marca o e-mail e arquiva", "imperative create regulation"},
		{"cria uma regra que marca o e-mail, depois arquiva o pedido 42", "imperative create regulation | imperative archive order number=42@order"},

		// Spoken numbers and money.
		{"mostra o pedido quarenta e dois", "imperative get order number=42@order"},
		{"cancela o pedido vinte e cinco", "imperative cancel order number=25@order"},
		{"cobre vinte reais no cartão", "imperative charge card money=20_BRL"},
		// Any currency word of the lexicon after an amount, and a code
		// in capitals before it.
		{"cobre 30 dólares no cartão", "imperative charge card money=30_USD"},
		{"cobre 15 libras", "imperative charge - money=15_GBP"},
		{"cobre USD 30 no cartão", "imperative charge card money=30_USD"},
		// A copula first reports a state where no question mark asks
		// (the subject left out); with one, it asks.
		{"tá muito frio aqui na sala", "statement - room"},
		{"tá pago o pedido 42?", "question - order number=42@order"},
		// A phrase that ends in a preposition reads its contractions too:
		// "abaixo de", "abaixo da".
		{"organograma abaixo da diretora", "noun_phrase - org_chart"},
		{"cobre cinquenta reais", "imperative charge - money=50_BRL"},
		{"cobre cem reais", "imperative charge - money=100_BRL"},
		{"cobre mil e duzentos reais", "imperative charge - money=1200_BRL"},
		{"reembolse 20,50 reais", "imperative refund - money=20.50_BRL"},
		{"estorne R$ 49,90", "imperative refund - money=49.90_BRL"},

		// Dates.
		{"agende para amanhã", "imperative schedule - date=2026-05-07"},
		{"agende para hoje", "imperative schedule - date=2026-05-06"},
		{"agende para 12/06/2026", "imperative schedule - date=2026-06-12"},
		{"agende para segunda que vem", "imperative schedule - date=2026-05-11"},
		{"agende para a próxima sexta", "imperative schedule - date=2026-05-08"},
		{"marque uma reunião na sexta", "imperative schedule meeting date=2026-05-08@meeting"},
		{"mostre os pedidos de hoje", "imperative get order date=2026-05-06@order"},
		{"mostre os pedidos de ontem", "imperative get order date=2026-05-05@order"},
		{"mostre os pedidos desde 01/03/2026", "imperative get order date=2026-03-01@order"},
		{"mostre as faturas de março", "imperative get invoice date=2026-03@invoice"},
		{"mostre os pedidos desde 1 de janeiro de 2022", "imperative get order date=2022-01-01@order"},
		{"mostre as faturas de maio de 2024", "imperative get invoice date=2024-05@invoice"},
		{"mostre a segunda via do boleto", "imperative get duplicate"},
		{"mostre a segunda fatura", "imperative get invoice"},

		// Informal writing and contractions.
		{"vc consegue ver meus pedidos?", "request get order"},
		{"tá pendente o pedido 42?", "question - order number=42@order"},
		{"q pedido é esse?", "question - order"},
		{"n cancela o pedido", "imperative not cancel order"},
		{"cancela tb o pedido 43", "imperative cancel order number=43@order"},
		{"pelo amor de deus cancela esse pedido", "request cancel order"},
		{"cancela o pedido do cliente 5", "imperative cancel order number=5@customer"},
		{"reembolsa o pedido da Ana", "imperative refund order"},
		{"envia o boleto ao cliente", "imperative send invoice"},
		{"coloca o pedido no nome da Maria", "imperative create order"},
		{"mostra a fatura neste e-mail", "imperative get invoice"},
		{"mostre o pedido nesse instante", "imperative get order"},
		{"mostra o pedido daquele cliente", "imperative get order"},
		{"mostre-lhe o pedido", "imperative get order"},
		{"devolva-lhe o dinheiro", "imperative refund -"},
		{"envie-nos a fatura", "imperative send invoice"},

		// Light verbs, verb phrases and particles apart from their verb.
		{"faz o reembolso do pedido 42", "imperative create refund number=42@order"},
		{"faça o upgrade da assinatura", "imperative upgrade subscription"},
		{"faz o deploy do checkout-api", "imperative deploy checkout"},
		{"dá uma olhada no pedido 42", "imperative get order number=42@order"},
		{"marca o e-mail msg_4410 como lido", "imperative mark_read email identifier=msg_4410@email"},
		{"tira o site do ar", "imperative unpublish website"},
		{"traz o arquivo de volta", "imperative restore file"},
		{"faz o merge do PR 45", "imperative merge pull_request number=45@pull_request"},

		// Typing slips.
		{"mostar o pedido 42", "imperative get order number=42@order"},
		{"cancelra o pedido 42", "imperative cancel order number=42@order"},
		{"lsita meus pedidos", "imperative list order"},
		{"mosta o pedido 42", "imperative get order number=42@order"},
		{"reabir o chamado 88", "imperative reopen ticket number=88@ticket"},
		{"nao sei o numero da fatura de março", "noun_phrase - number date=2026-03@invoice"},

		// Small talk.
		{"oi", "chitchat - -"},
		{"obrigado", "chitchat - -"},
		{"bom dia, tudo certo?", "chitchat - -"},
		{"valeu", "chitchat - -"},

		// Reports, inability and more of the same rules.
		{"pedido 2290: cancela ele", "imperative cancel order number=2290@order"},
		{"o cliente mudou de ideia", "noun_phrase not - customer"},
		{"meu cartão foi cobrado duas vezes", "statement charge card number=2"},
		{"a fatura tem que ser cancelada", "request cancel invoice"},
		{"o pedido 42 precisa ser cancelado", "request cancel order number=42@order"},
		{"fui cobrado duas vezes esse mês?", "question charge - number=2"},
		{"não consigo cancelar o pedido", "request cancel order"},
		{"o pagamento não caiu", "noun_phrase - payment"},
		{"não sei o número do pedido", "noun_phrase - number"},
		{"consulta o pedido, por favor, e depois envia o boleto", "request get order | imperative send invoice"},
		{"envie o recibo pro cliente e em seguida arquive o pedido", "imperative send receipt | imperative archive order"},
		{"cancela o pedido 1182 e depois me manda o recibo por e-mail", "imperative cancel order number=1182@order | imperative send receipt"},
		{"gostaria de saber o status do pedido 42", "question - status number=42@order"},
		{"quero saber quanto custa o frete", "question - shipping"},
		{"cadê o meu reembolso?", "question - refund"},
		{"me diz o status do pedido 42", "imperative get status number=42@order"},
		{"me passa a fatura de abril", "imperative get invoice date=2026-04@invoice"},
		{"imprima a nota fiscal do pedido 42", "imperative print invoice number=42@order"},
		{"baixe o boleto da fatura INV-0042137", "imperative download invoice identifier=INV-0042137@invoice"},
		{"suba a temperatura do quarto", "imperative increase temperature"},
		{"abaixa o volume da TV", "imperative decrease volume"},
		{"aumenta o volume da sala", "imperative increase volume"},
		{"trava a porta da frente", "imperative lock door"},
		{"tira um print da tela", "imperative screenshot monitor"},
		{"renomeie o arquivo f_123 para relatorio.pdf", "imperative rename file identifier=f_123@file identifier=relatorio.pdf"},
		{"mova o arquivo f_123 para a pasta fld_9", "imperative move file identifier=f_123@file identifier=fld_9@folder"},
		{"compartilhe a pasta fld_9 com a Ana", "imperative share folder identifier=fld_9@folder"},
		{"restaure o arquivo f_123", "imperative restore file identifier=f_123@file"},
		{"arquive a pasta fld_9", "imperative archive folder identifier=fld_9@folder"},
		{"desarquive o pedido 42", "imperative restore order number=42@order"},
		{"pause a assinatura sub_123", "imperative pause subscription identifier=sub_123@subscription"},
		{"retome a assinatura sub_123", "imperative resume subscription identifier=sub_123@subscription"},
		{"habilite a assinatura sub_123", "imperative enable subscription identifier=sub_123@subscription"},
		{"reative a assinatura sub_123", "imperative turn_on subscription identifier=sub_123@subscription"},
		{"renove a assinatura por mais um ano", "imperative renew subscription"},
		{"assine o plano anual", "imperative subscribe plan"},
		{"aprove o pedido de férias do João", "imperative approve leave_request"},
		{"rejeite a despesa EXP-2210", "imperative reject expense identifier=EXP-2210@expense"},
		{"reabra o chamado 88", "imperative reopen ticket number=88@ticket"},
		{"feche o chamado 88", "imperative close ticket number=88@ticket"},
		{"atribua o chamado 88 para a Carla", "imperative assign ticket number=88@ticket"},
		{"escale o ticket 4821 pro nível 2", "imperative escalate ticket number=4821@ticket number=2@tier"},
	}
	for _, tt := range tests {
		if have := readings(g.Parse(tt.in)); have != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, have, tt.want)
		}
	}
	if len(tests) < 150 {
		t.Errorf("%d turns, want at least 150", len(tests))
	}
}

// TestParseStates reads yes-or-no questions whether a thing is in a
// state: they ask to see its status, whatever the state's verb.
func TestParseStates(t *testing.T) {
	g := testGrammar(t)
	tests := []struct {
		in, action, state string
		status            bool
	}{
		{"a porta da garagem está aberta?", "get", "open", true},
		{"a porta da garagem esta aberta?", "get", "open", true},
		{"as luzes estão ligadas?", "get", "turn_on", true},
		{"todas as luzes estão desligadas?", "get", "turn_off", true},
		{"o pedido 42 já foi pago?", "get", "pay", true},
		{"quais pedidos estão pendentes?", "", "pendentes", true},
		{"quantas luzes estão ligadas?", "", "turn_on", true},
		// An adjective of the language is read as written, no typo of a
		// verb (molhado is not mostrado).
		{"o chão está molhado?", "get", "molhado", true},
		// An indirect yes-or-no question asks the same: its frame (a
		// verb of the indirect class, its pronoun, se) asks nothing.
		{"me diz se a porta da garagem está aberta", "get", "open", true},
		{"verifica se as luzes estão ligadas", "get", "turn_on", true},
		// A word of time before the state, or a phrase that says which
		// thing it is.
		{"a luz da cozinha ainda está acesa?", "get", "acesa", true},
		{"tem algum pagamento ainda processando?", "get", "processando", true},
		// A pronoun that stands for any thing or every thing is the
		// thing: the question asks which things are in the state.
		{"tem algo ligado?", "", "turn_on", true},
		{"está tudo desligado?", "", "turn_off", true},
		// No question whether a thing is in a state.
		{"mostra esta fatura", "get", "", false},
		{"desliga a luz se a porta estiver aberta", "turn_off", "", false},
		{"qual é a capital da França?", "", "", false},
	}
	for _, tt := range tests {
		c := g.Parse(tt.in).Clauses[0]
		status := false
		for _, o := range c.Objects {
			status = status || o == "status"
		}
		if c.Action != tt.action || c.State != tt.state || status != tt.status {
			t.Errorf("Parse(%q) = %q state %q objects %q, want %q state %q status %v", tt.in, c.Action, c.State, c.Objects, tt.action, tt.state, tt.status)
		}
	}
}

// TestParseNames reads capitalised words inside a sentence: beside
// another capitalised word they are part of a name, never the clause's
// verb ("volta" is a verb, Volta Redonda a city), and a name the lexicon
// does not know counts for no language.
func TestParseNames(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, verbs string }{
		{"quero uma passagem para Volta Redonda", ""},
		{"volta a música", "volta"},
		{"Mostra Os Pedidos Da Loja", "mostra"},
	} {
		var verbs []string
		for _, w := range g.Parse(tt.in).Clauses[0].Words {
			if w.Class == grammar.Verb {
				verbs = append(verbs, strings.ToLower(w.Text))
			}
		}
		if got := strings.Join(verbs, " "); got != tt.verbs {
			t.Errorf("Parse(%q) verbs = %q, want %q", tt.in, got, tt.verbs)
		}
	}
	if p := g.Parse("toca Legião Urbana na sala"); p.Words != 3 {
		t.Errorf("Parse(%q).Words = %d, want 3: the name counts for no language", p.Turn, p.Words)
	}
}

// TestParseExistential checks that a question whether a thing is there
// asks for the state of what would hold it, as in English.
func TestParseExistential(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct {
		in     string
		status bool
	}{
		{"tem alguma fumaça na cozinha?", true},
		{"existe algum vazamento?", true},
		{"mostra a fumaça da cozinha", false},
	} {
		c := g.Parse(tt.in).Clauses[0]
		if got := slices.Contains(c.Objects, "status"); got != tt.status {
			t.Errorf("Parse(%q).Objects = %q, want status %v", tt.in, c.Objects, tt.status)
		}
	}
}

// TestParseReported reads the words of a message a command reports as one
// quoted argument, none of the command's action or objects.
func TestParseReported(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct {
		in, action, objects, quoted string
	}{
		{"mande um e-mail pro carlos@empresa.com.br dizendo que o relatório está pronto", "send", "email", "o relatório está pronto"},
		{"responde o comentário c_12 dizendo que já corrigi", "reply", "comment", "já corrigi"},
		{"manda um recado pro time avisando que amanhã é feriado!", "send", "message team", "amanhã é feriado"},
		{"mande um e-mail pro Pedro perguntando se ele recebeu o contrato", "send", "email", "ele recebeu o contrato"},
		{"dispara um e-mail pro rh@empresa.com.br pedindo minha folha de ponto", "send", "email", "minha folha de ponto"},
		// The clause's own verb.
		{"o que os clientes estão dizendo sobre a caneca?", "", "mug customer status", ""},
	} {
		c := g.Parse(tt.in).Clauses[0]
		q, _ := c.FirstArg("quoted")
		quoted := q.Value
		if got := strings.Join(c.Objects, " "); c.Action != tt.action || got != tt.objects || quoted != tt.quoted {
			t.Errorf("Parse(%q) = %q %q quoted %q, want %q %q quoted %q", tt.in, c.Action, got, quoted, tt.action, tt.objects, tt.quoted)
		}
	}
}

// TestParseModalAfterComma cuts a clause at a comma before a modal and its
// verb, or a frame that asks whether it can be done ("dá pra"), as before
// a verb: the request after a report of what happened is a clause of its
// own.
func TestParseModalAfterComma(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct {
		in      string
		actions string
	}{
		{"o ticket 3307 foi fechado cedo demais, pode reabrir?", "close reopen"},
		{"o pedido foi enviado pro endereço errado, pode cancelar?", "send cancel"},
		{"a fatura foi cancelada sem querer, podemos reativar?", "cancel turn_on"},
		{"o ticket 3307 foi fechado cedo demais, dá pra reabrir?", "close reopen"},
	} {
		var got []string
		for _, c := range g.Parse(tt.in).Clauses {
			if c.Action != "" {
				got = append(got, c.Action)
			}
		}
		if strings.Join(got, " ") != tt.actions {
			t.Errorf("Parse(%q) actions = %q, want %q", tt.in, got, tt.actions)
		}
	}
}

// TestParseClockTimes reads times of day ("15h", "8h30", "15:00", "3pm")
// as HH:MM on a 24-hour clock.
func TestParseClockTimes(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, want string }{
		{"marca a reunião às 15h", "15:00"},
		{"me lembra às 8h30", "08:30"},
		{"reunião amanhã 09:00", "09:00"},
		{"muda a reunião pras 3pm", "15:00"},
		{"me acorda às 7 da manhã", "07:00"},
		{"marca às 5h da tarde", "17:00"},
		{"liga pra ele às 8 horas da noite", "20:00"},
		{"reserva uma mesa pras oito da noite", "20:00"},
		{"marca pra 1 hora da tarde", "13:00"},
		{"mostra 15 pedidos", ""},
		{"me lembra daqui a 2h", ""},
	} {
		got := ""
		for _, c := range g.Parse(tt.in).Clauses {
			if a, ok := c.FirstArg("time"); ok {
				got = a.Value
			}
		}
		if got != tt.want {
			t.Errorf("Parse(%q) time = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestParseInfinitiveObject reads an infinitive right after the clause's
// verb as the thing it acts on (a task on a list), not as a second
// command; after a want or a modal, the infinitive is the command.
func TestParseInfinitiveObject(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, action, verbs string }{
		{"adiciona aspirar à lista de tarefas", "create", "adiciona"},
		{"coloca ligar pro encanador na lista", "create", "coloca"},
		{"quero cancelar o pedido", "cancel", "cancelar"},
		{"pode abrir o arquivo", "open", "abrir"},
	} {
		c := g.Parse(tt.in).Clauses[0]
		if got := verbsOf(c); c.Action != tt.action || got != tt.verbs {
			t.Errorf("Parse(%q) = %q, verbs %q; want %q, verbs %q", tt.in, c.Action, got, tt.action, tt.verbs)
		}
	}
}

// TestParseAfterPreposition reads a verb form after a preposition as the
// thing or the state it names, unless it is an infinitive ("para
// cancelar", "sem cobrar").
func TestParseAfterPreposition(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, verbs string }{
		{"vagas em rascunho", ""},
		{"quanto eu consigo de reembolso na INV-0055511?", ""},
		{"preciso de ajuda para cancelar o pedido", "cancelar"},
		{"arquiva o pedido 42 sem cobrar o cartão", "arquiva cobrar"},
	} {
		if got := verbsOf(g.Parse(tt.in).Clauses...); got != tt.verbs {
			t.Errorf("Parse(%q) verbs %q, want %q", tt.in, got, tt.verbs)
		}
	}
}

// verbsOf is the normalised words the clauses read as verbs, in order,
// joined by spaces.
func verbsOf(clauses ...grammar.Clause) string {
	var verbs []string
	for _, c := range clauses {
		for _, w := range c.Words {
			if w.Class == grammar.Verb {
				verbs = append(verbs, w.Norm)
			}
		}
	}
	return strings.Join(verbs, " ")
}

// TestParseQualifyingParticiple reads a participle right after its noun
// as no verb of the clause, keeping the action it names; the clause's
// own participle after "ser" is its verb; an adjective after a
// determiner is no verb either.
func TestParseQualifyingParticiple(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, word, class, concept string }{
		{"lista os pedidos arquivados", "arquivados", "unknown", "archive"},
		{"mostra as assinaturas canceladas", "canceladas", "unknown", "cancel"},
		{"o pedido foi arquivado", "arquivado", "verb", "archive"},
		// An adjective of the lexicon that is also an action word is
		// read as the adjective after a determiner, the verb at the start.
		{"cria um novo pedido", "novo", "function", ""},
		{"novo pedido pro Bob", "novo", "verb", "create"},
	} {
		c := g.Parse(tt.in).Clauses[0]
		found := false
		for _, w := range c.Words {
			if w.Norm != tt.word {
				continue
			}
			found = true
			if w.Class.String() != tt.class || w.Concept != tt.concept {
				t.Errorf("Parse(%q): %q is %s %q, want %s %q", tt.in, tt.word, w.Class, w.Concept, tt.class, tt.concept)
			}
		}
		if !found {
			t.Errorf("Parse(%q) has no word %q", tt.in, tt.word)
		}
	}
}

// TestParseActionOfConstruction reads the action a construction gives a
// verb: moving a thing to a day or a time reschedules it; putting it at a
// level sets it, in a place adds it; passing it to someone hands it over,
// to a day reschedules it, to the speaker asks for it.
func TestParseActionOfConstruction(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, action string }{
		{"move a reunião pra quinta", "reschedule"},
		{"move a reunião das 15h para as 16h", "reschedule"},
		{"move o arquivo pra pasta de arquivados", "move"},
		{"põe a luz do quarto em 50%", "set"},
		{"coloca o ar em 22 graus", "set"},
		{"põe batatas na lista de compras", "create"},
		{"coloca o arquivo na pasta fld_22", "create"},
		{"coloca o joaosilva na #88 do acme/api", "create"}, // an id, no level
		{"passa o lead ld_7731 pro Marcos", "transfer"},
		{"passa o ticket 4821 pro time de especialistas", "transfer"},
		{"passa a reunião evt_4410 pra quinta-feira", "reschedule"},
		{"me passa o currículo do CAN-7001", "get"},
		{"dá pra pagar a INV-0060002 com o cartão?", "pay"},
		{"abre um chamado pro financeiro", "create"},
		{"abre uma issue no acme/api", "create"},
		{"abre a porta da garagem", "open"},
		{"deixa um comentário na #88 do acme/api", "create"},
		{"deixa um recado pros agentes no ticket 7744", "create"},
		{"deixa a Ana editar o arquivo", "grant"},
		// Putting a thing as a state sets it; changing its name renames it.
		{"coloca ela como indisponível", "set"},
		{"põe o chamado 4821 como urgente", "set"},
		{"põe o quarto vermelho", "set"},
		{"põe a cor do quarto a vermelho", "set"},
		{"põe uma música alta", "create"},
		// Two verbs joined by "e" before one object: the second.
		{"escreve e manda pro time@empresa.com", "send"},
		{"bota na agenda: dentista segunda às 8h", "create"},
		{"mude o nome do arquivo f_1 pra relatorio.pdf", "rename"},
		{"troca o nome da pasta pra Comercial", "rename"},
		{"troca a pasta do arquivo f_1", "update"},
	} {
		if c := g.Parse(tt.in).Clauses[0]; c.Action != tt.action {
			t.Errorf("Parse(%q).Action = %q, want %q", tt.in, c.Action, tt.action)
		}
	}
}

// TestParseHelpAskedFor reads help asked for doing a thing as a way of
// asking: no object of the clause.
func TestParseHelpAskedFor(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, objects string }{
		{"preciso de ajuda pra achar um dentista", "dentist"},
		{"abre um chamado de ajuda", "ticket help"},
	} {
		if got := strings.Join(g.Parse(tt.in).Clauses[0].Objects, " "); got != tt.objects {
			t.Errorf("Parse(%q).Objects = %q, want %q", tt.in, got, tt.objects)
		}
	}
}

// TestParseFollows marks a clause an additive conjunction or a clause
// break joins to the one before (the next step), and not one a contrast
// or a comma joins.
func TestParseFollows(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct {
		in      string
		follows string
	}{
		{"aprova a folga TO-4455 e depois me mostra o saldo", "false true"},
		{"arquiva o email e responde o outro", "false true"},
		{"exclui o negócio mas guarda o histórico", "false false"},
		{"o ticket 3307 foi fechado cedo demais, pode reabrir?", "false false"},
	} {
		var got []string
		for _, c := range g.Parse(tt.in).Clauses {
			got = append(got, strconv.FormatBool(c.Follows))
		}
		if strings.Join(got, " ") != tt.follows {
			t.Errorf("Parse(%q) follows = %q, want %q", tt.in, got, tt.follows)
		}
	}
}

// TestParseEnsureRequest reads "garanta que", "assegure que" and "cuide
// para que" before a clause that states how a thing should be as a
// request for the action that makes it so.
func TestParseEnsureRequest(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct {
		in     string
		act    grammar.Act
		action string
	}{
		{"garanta que a porta está trancada", grammar.Request, "lock"},
		{"assegure que o portão está fechado", grammar.Request, "close"},
		{"cuida pra que a porta fique trancada", grammar.Request, "lock"},
	} {
		c := g.Parse(tt.in).Clauses[0]
		if c.Act != tt.act || c.Action != tt.action {
			t.Errorf("Parse(%q) = %s %q, want %s %q", tt.in, c.Act, c.Action, tt.act, tt.action)
		}
	}
}

// TestParseGerundAfterNoun checks that a gerund right after its noun, in
// a clause whose verb came before, qualifies the noun ("filmes passando
// em Niterói": movies that are showing), and that one with no verb
// before it is still the verb.
func TestParseGerundAfterNoun(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, word, want string }{
		{"procura filmes passando em Niterói", "passando", "unknown get"},
		{"mostra os voos saindo amanhã", "saindo", "unknown leave"},
		{"o alarme está tocando?", "tocando", "verb play"},
	} {
		got := "no word " + tt.word
		for _, w := range g.Parse(tt.in).Clauses[0].Words {
			if w.Norm == tt.word {
				got = strings.TrimSpace(w.Class.String() + " " + w.Concept)
			}
		}
		if got != tt.want {
			t.Errorf("Parse(%q): %s is %s, want %s", tt.in, tt.word, got, tt.want)
		}
	}
}

// TestParseRelayedRequest reads what another person wants, or has asked
// for, as a request for it: the participle or the infinitive after it is
// the action.
func TestParseRelayedRequest(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, action string }{
		{"o cliente quer o pedido 1182 cancelado", "cancel"},
		{"a cliente precisa pausar a assinatura", "pause"},
		{"o cliente pediu pra cancelar o pedido 1182", "cancel"},
		{"a Ana pediu para reembolsar o pedido 1182", "refund"},
		{"o gerente quer que arquive o relatório", "archive"},
	} {
		c := g.Parse(tt.in).Clauses[0]
		if c.Act != grammar.Request || c.Action != tt.action {
			t.Errorf("Parse(%q) = %s %q, want request %q", tt.in, c.Act, c.Action, tt.action)
		}
	}
}

// TestParseIntentionRequest reads being about to do a thing, or trying
// to, and asking how we do it, as a request for it, not a question.
func TestParseIntentionRequest(t *testing.T) {
	g := testGrammar(t)
	for _, tt := range []struct{ in, action string }{
		{"estamos querendo cancelar o pedido 1182", "cancel"},
		{"tô tentando cancelar a assinatura", "cancel"},
		{"pretendo arquivar o relatório", "archive"},
		{"como a gente faz pra cancelar o pedido 1182", "cancel"},
	} {
		if c := g.Parse(tt.in).Clauses[0]; c.Act != grammar.Request || c.Action != tt.action {
			t.Errorf("Parse(%q) = %s %q, want request %q", tt.in, c.Act, c.Action, tt.action)
		}
	}
}
